import type { ComponentType } from "react";
import { type GraphQLTaggedNode, type PreloadedQuery, useQueryLoader } from "react-relay/hooks";
import { useLoaderData } from "react-router-dom";
import type { OperationType, PreloadableConcreteRequest } from "relay-runtime";
import type { QueryPageProps } from "./queryPage.ts";

/**
 * Hands the loader's query reference to the page and keeps it retained while the page is shown; `useQueryLoader`
 * releases it when the page unmounts or the loader produced a newer one (and copes with StrictMode remounts).
 */
export function withQueryRef<Q extends OperationType>(
  query: GraphQLTaggedNode | PreloadableConcreteRequest<Q>,
  Page: ComponentType<QueryPageProps<Q>>,
): ComponentType {
  return function PreloadedPage() {
    const loaded = useLoaderData() as PreloadedQuery<Q>;
    const [queryRef] = useQueryLoader<Q>(query, loaded);
    return queryRef && <Page queryRef={queryRef} />;
  };
}
