import type { ComponentType } from "react";
import { type GraphQLTaggedNode, loadQuery } from "react-relay/hooks";
import type { Params, RouteObject } from "react-router-dom";
import type { IEnvironment, OperationType, PreloadableConcreteRequest, VariablesOf } from "relay-runtime";
import { PageFallback } from "./PageFallback.tsx";
import type { QueryPageProps } from "./queryPage.ts";

// Its own module, so that withQueryRef.tsx, which this module loads, need not import this one.
export type { QueryPageProps };

type PageModule<Props> = Promise<{ default: ComponentType<Props> }>;

/** A page query's artifact, as `import("./__generated__/XPageQuery.graphql.ts")` gives it. */
export type QueryModule<Q extends OperationType> = Promise<{ default: GraphQLTaggedNode | PreloadableConcreteRequest<Q> }>;

interface StaticPageDefinition {
  path: string;
  /** `() => import("./pages/<area>/.../XPage.tsx")`: each page is its own chunk, fetched when its route is visited. */
  component: () => PageModule<object>;
}

interface QueryPageDefinition<Q extends OperationType> {
  path: string;
  component: () => PageModule<QueryPageProps<Q>>;
  /**
   * `() => import("./pages/<area>/.../__generated__/XPageQuery.graphql.ts")`: the page's query artifact, a small chunk of its
   * own fetched when the route matches. Imported lazily because each artifact carries the query's text and
   * normalization AST: statically imported, every page's query would ride in the site's entry. Not taken from the
   * page module either, which would make the query wait for the page's code.
   */
  query: () => QueryModule<Q>;
  /** Query variables from the route params and the search string (a promise when the code that reads them loads with
   * the route, not with the site's entry). */
  prepare: (params: Params, search: URLSearchParams) => VariablesOf<Q> | Promise<VariablesOf<Q>>;
}

/**
 * Route definitions in the spirit of relay-examples' issue-tracker, on react-router's data router: when a route
 * matches, its loader starts the query (`loadQuery`, once the query's small artifact is there) while the router
 * fetches the page's code (`lazy`), so data and code load in parallel and the page renders as soon as both are
 * there (render-as-you-fetch).
 *
 *     const page = createPageRoute(environment);
 *     page({
 *       path: "/",
 *       component: () => import("./pages/catalogue/home/HomePage.tsx"),
 *       query: () => import("./pages/catalogue/home/__generated__/HomePageQuery.graphql.ts"),
 *       prepare: () => ({}),
 *     });
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
      loader: async ({ params, request }) => {
        const [artifact, variables] = await Promise.all([query(), prepare(params, new URL(request.url).searchParams)]);
        return loadQuery(environment, artifact.default, variables, { fetchPolicy: "store-or-network" });
      },
      lazy: async () => {
        // withQueryRef (and the Relay hook it uses) is page code: it loads with the page, not with the site's entry.
        const [artifact, page, { withQueryRef }] = await Promise.all([query(), component(), import("./withQueryRef.tsx")]);
        return { Component: withQueryRef(artifact.default, page.default) };
      },
    };
  }
  return page;
}
