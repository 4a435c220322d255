import { render } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import type { ConcreteRequest, GraphQLResponse, OperationDescriptor, Variables } from "relay-runtime";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { learnerSession, saveSession } from "../../shared/session/session.ts";
import { createLearnerRoutes } from "../routes.tsx";

/** What a test's server answers: a payload, an error (a failed request), or undefined for generated mock data. */
export type Answer = (operation: OperationDescriptor) => GraphQLResponse | Error | undefined;

interface Options {
  /** The route's own query and variables, started by its loader (the mock environment must be told about it). */
  preloaded?: [ConcreteRequest, Variables][];
  /** Answers operations by name; anything not answered gets MockPayloadGenerator data built with `resolvers`. */
  answer?: Answer;
  resolvers?: MockPayloadGenerator.MockResolvers;
}

/** Renders the learner site at `path` over a Relay mock environment that answers every operation as it arrives. */
export function renderLearner(path: string, { preloaded = [], answer = () => undefined, resolvers }: Options = {}) {
  const environment = createMockEnvironment();
  for (const [query, variables] of preloaded) environment.mock.queuePendingOperation(query, variables);
  const operations: string[] = [];
  // relay-test-utils drops a resolver once it has answered; a fresh one is queued for the next operation each time.
  const queueResolver = () =>
    environment.mock.queueOperationResolver((operation) => {
      queueResolver();
      operations.push(operation.request.node.params.name);
      return answer(operation) ?? MockPayloadGenerator.generate(operation, resolvers);
    });
  queueResolver();
  const router = createMemoryRouter(createLearnerRoutes(environment), { initialEntries: [path] });
  render(
    <RelayEnvironmentProvider environment={environment}>
      <RouterProvider router={router} />
    </RelayEnvironmentProvider>,
  );
  return { environment, router, operations };
}

/** A stored learner session, as after logging in. */
export function logInAs(user = { firstName: "Ada", lastName: "Nwosu", email: "ada@example.com" }) {
  saveSession(learnerSession, "learner-token", user);
}

/** The operation's name, for `answer` functions. */
export const operationName = (operation: OperationDescriptor) => operation.request.node.params.name;

/**
 * A typed error result as the server sends it: Relay asks for `__isError` to know the type implements `Error`.
 */
export const errorResult = (typename: string, message: string, extra: Record<string, unknown> = {}) => ({
  __typename: typename,
  __isError: typename,
  message,
  ...extra,
});
