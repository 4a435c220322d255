import type { ComponentType } from "react";
import { type GraphQLTaggedNode, loadQuery, type PreloadedQuery, useQueryLoader } from "react-relay/hooks";
import { type Params, type RouteObject, useLoaderData } from "react-router-dom";
import type { IEnvironment, OperationType, PreloadableConcreteRequest, VariablesOf } from "relay-runtime";
import { PageFallback } from "./PageFallback.tsx";

/** Props of a page whose route preloads its query: read it with `usePreloadedQuery(query, queryRef)`. */
export interface QueryPageProps<Q extends OperationType> {
  queryRef: PreloadedQuery<Q>;
}

type PageModule<Props> = Promise<{ default: ComponentType<Props> }>;

interface StaticPageDefinition {
  path: string;
  /** `() => import("./pages/.../XPage.tsx")`: each page is its own chunk, fetched when its route is visited. */
  component: () => PageModule<object>;
}

interface QueryPageDefinition<Q extends OperationType> {
  path: string;
  component: () => PageModule<QueryPageProps<Q>>;
  /**
   * The page's query artifact, imported from `__generated__` (not from the page module, which would pull the
   * page's code into the route table's chunk).
   */
  query: GraphQLTaggedNode | PreloadableConcreteRequest<Q>;
  /** Query variables from the route params and the search string. */
  prepare: (params: Params, search: URLSearchParams) => VariablesOf<Q>;
}

/**
 * Hands the loader's query reference to the page and keeps it retained while the page is shown; `useQueryLoader`
 * releases it when the page unmounts or the loader produced a newer one (and copes with StrictMode remounts).
 */
function withQueryRef<Q extends OperationType>(
  query: QueryPageDefinition<Q>["query"],
  Page: ComponentType<QueryPageProps<Q>>,
): ComponentType {
  return function PreloadedPage() {
    const loaded = useLoaderData() as PreloadedQuery<Q>;
    const [queryRef] = useQueryLoader<Q>(query, loaded);
    return queryRef && <Page queryRef={queryRef} />;
  };
}

/**
 * Route definitions in the spirit of relay-examples' issue-tracker, on react-router's data router: when a route
 * matches, its loader starts the query (`loadQuery`) while the router fetches the page's code (`lazy`), so data
 * and code load in parallel and the page renders as soon as both are there (render-as-you-fetch).
 *
 *     const page = createPageRoute(environment);
 *     page({ path: "/", component: () => import("./pages/home/HomePage.tsx"), query: HomePageQuery, prepare: () => ({}) });
 */
export function createPageRoute(environment: IEnvironment) {
  function page<Q extends OperationType>(definition: QueryPageDefinition<Q>): RouteObject;
  function page(definition: StaticPageDefinition): RouteObject;
  function page(definition: StaticPageDefinition | QueryPageDefinition<OperationType>): RouteObject {
    // On the first load the router shows the layouts with this fallback where the page will be.
    const HydrateFallback = PageFallback;
    if (!("query" in definition)) {
      return { path: definition.path, HydrateFallback, lazy: async () => ({ Component: (await definition.component()).default }) };
    }
    const { path, component, query, prepare } = definition;
    return {
      path,
      HydrateFallback,
      loader: ({ params, request }) =>
        loadQuery(environment, query, prepare(params, new URL(request.url).searchParams), { fetchPolicy: "store-or-network" }),
      lazy: async () => ({ Component: withQueryRef(query, (await component()).default) }),
    };
  }
  return page;
}
