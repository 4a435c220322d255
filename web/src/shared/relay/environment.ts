import {
  Environment,
  type FetchFunction,
  type GraphQLResponse,
  Network,
  Observable,
  RecordSource,
  type RequestParameters,
  Store,
  type SubscribeFunction,
  type Variables,
} from "relay-runtime";

/** Which stored session a site's requests carry: the admin console uses `token`, the learner site `learnerToken`. */
export type TokenKey = "token" | "learnerToken";

/** A GraphQL response carried `errors`: for queries that means the screen cannot render, so the error boundary shows. */
export class GraphQLResponseError extends Error {
  constructor(
    readonly operationName: string,
    readonly errors: readonly { message: string }[],
  ) {
    super(errors.map((e) => e.message).join("\n") || `${operationName} failed.`);
    this.name = "GraphQLResponseError";
  }
}

type FileMap = Map<File, string[]>;

/**
 * Replaces every File in the variables with null and records where it was, as the GraphQL multipart request spec
 * asks (https://github.com/jaydenseric/graphql-multipart-request-spec). Paths are relative to `variables`.
 */
function extractFiles(variables: Variables): { variables: Variables; files: FileMap } {
  const files: FileMap = new Map();
  const walk = (value: unknown, path: string): unknown => {
    if (value instanceof File) {
      files.set(value, [...(files.get(value) ?? []), path]);
      return null;
    }
    if (Array.isArray(value)) return value.map((item, i) => walk(item, `${path}.${i}`));
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, `${path}.${key}`)]));
    }
    return value;
  };
  return { variables: walk(variables, "variables") as Variables, files };
}

function requestInit(params: RequestParameters, variables: Variables, token: string | null): RequestInit {
  const headers: Record<string, string> = { accept: "application/graphql-response+json, application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const extracted = extractFiles(variables);
  if (extracted.files.size === 0) {
    headers["content-type"] = "application/json";
    return { method: "POST", headers, body: JSON.stringify({ query: params.text, variables }) };
  }
  const form = new FormData();
  form.append("operations", JSON.stringify({ query: params.text, variables: extracted.variables }));
  const map: Record<string, string[]> = {};
  const files = [...extracted.files.entries()];
  files.forEach(([, paths], i) => {
    map[String(i)] = paths;
  });
  form.append("map", JSON.stringify(map));
  files.forEach(([file], i) => {
    form.append(String(i), file, file.name);
  });
  // A multipart POST is a "simple" request a foreign page could forge; a custom header forces a CORS preflight.
  headers["x-graphql-yoga-csrf"] = "1";
  return { method: "POST", headers, body: form };
}

function createFetch(tokenKey: TokenKey): FetchFunction {
  return (params, variables) =>
    Observable.create<GraphQLResponse>((sink) => {
      const controller = new AbortController();
      const init = requestInit(params, variables, localStorage.getItem(tokenKey));
      fetch("/graphql", { ...init, signal: controller.signal })
        .then(async (response) => {
          const json = (await response.json().catch(() => {
            throw new Error(`The server answered ${response.status} without a GraphQL response.`);
          })) as GraphQLResponse;
          const errors = !Array.isArray(json) && "errors" in json ? (json.errors ?? []) : [];
          if (params.operationKind === "query" && errors.length > 0) throw new GraphQLResponseError(params.name, errors);
          sink.next(json);
          sink.complete();
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) sink.error(error instanceof Error ? error : new Error(String(error)));
        });
      // Disposing a query reference (leaving a route before its data arrived) cancels the request.
      return () => controller.abort();
    });
}

/**
 * Reads a GraphQL-over-SSE stream ("distinct connections" mode, what Yoga answers to `Accept: text/event-stream`):
 * events are separated by a blank line; `event: next` carries a result as `data`, `event: complete` ends the stream
 * and lines starting with `:` are keep-alive comments.
 */
async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (event: string, data: string) => boolean) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
    for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (data.length === 0 && event === "message") continue;
      if (!onEvent(event, data.join("\n"))) {
        await reader.cancel();
        return;
      }
    }
  }
}

/**
 * Subscriptions over Server-Sent Events: the operation is POSTed with `Accept: text/event-stream` and the bearer token
 * (which `EventSource` cannot send), and the response is read as a stream. Unsubscribing aborts the request.
 */
function createSubscribe(tokenKey: TokenKey): SubscribeFunction {
  return (params, variables) =>
    Observable.create<GraphQLResponse>((sink) => {
      const controller = new AbortController();
      const token = localStorage.getItem(tokenKey);
      const headers: Record<string, string> = { accept: "text/event-stream", "content-type": "application/json" };
      if (token) headers.authorization = `Bearer ${token}`;
      fetch("/graphql", {
        method: "POST",
        headers,
        body: JSON.stringify({ query: params.text, variables }),
        signal: controller.signal,
      })
        .then(async (response) => {
          if (!response.ok || !response.body) throw new Error(`The server answered ${response.status} to a subscription.`);
          await readEventStream(response.body, (event, data) => {
            if (event === "complete") return false;
            if (event === "next" || event === "message") {
              const json = JSON.parse(data) as GraphQLResponse;
              const errors = !Array.isArray(json) && "errors" in json ? (json.errors ?? []) : [];
              if (errors.length > 0 && !("data" in json && json.data)) throw new GraphQLResponseError(params.name, errors);
              sink.next(json);
            }
            return true;
          });
          sink.complete();
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          sink.error(error instanceof Error ? error : new Error(String(error)));
          controller.abort();
        });
      return () => controller.abort();
    });
}

/** One Relay environment per site; requests carry the bearer token stored under `tokenKey`, if any. */
export function createEnvironment(tokenKey: TokenKey): Environment {
  return new Environment({
    network: Network.create(createFetch(tokenKey), createSubscribe(tokenKey)),
    store: new Store(new RecordSource()),
  });
}
