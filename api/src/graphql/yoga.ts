import { GraphQLError } from "graphql";
import { createYoga, maskError as defaultMaskError, type YogaServerInstance } from "graphql-yoga";
import { AppError } from "../domain/errors.ts";
import type { Services } from "../services.ts";
import type { Context, RequestInfo, Viewer } from "./context.ts";
import { schema } from "./schema/index.ts";

export interface ServerContext {
  viewer: Viewer | null;
  request: RequestInfo;
}

export type Yoga = YogaServerInstance<ServerContext, Context>;

/** The GraphQL endpoint. The HTTP layer resolves the viewer (bearer token) and passes it in the server context. */
export function createGraphqlServer(services: Services): Yoga {
  const production = services.config.env === "production";
  return createYoga<ServerContext, Context>({
    schema,
    graphqlEndpoint: "/graphql",
    graphiql: !production,
    landingPage: false,
    logging: {
      debug: (...args) => services.logger.debug({ args }, "yoga"),
      info: (...args) => services.logger.info({ args }, "yoga"),
      warn: (...args) => services.logger.warn({ args }, "yoga"),
      error: (...args) => services.logger.error({ args }, "yoga"),
    },
    // Expected failures are typed results; anything thrown is unexpected: logged, and masked in production.
    maskedErrors: {
      isDev: !production,
      maskError(error, message, isDev) {
        const original = error instanceof GraphQLError ? error.originalError : error;
        // Expected failures on fields without typed error results (queries) keep their message and say their kind.
        if (original instanceof AppError) {
          return new GraphQLError(original.message, {
            nodes: error instanceof GraphQLError ? error.nodes : undefined,
            path: error instanceof GraphQLError ? error.path : undefined,
            extensions: { code: original.name, status: original.status },
          });
        }
        if (original && !(original instanceof GraphQLError)) {
          services.logger.error({ err: original }, "unexpected error in a resolver");
        }
        return defaultMaskError(error, message, isDev);
      },
    },
    context: ({ viewer, request }) => ({ services, viewer, request }),
  });
}
