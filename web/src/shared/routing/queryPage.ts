import type { PreloadedQuery } from "react-relay/hooks";
import type { OperationType } from "relay-runtime";

/** Props of a page whose route preloads its query: read it with `usePreloadedQuery(query, queryRef)`. */
export interface QueryPageProps<Q extends OperationType> {
  queryRef: PreloadedQuery<Q>;
}
