import type { TestApp } from "#testing/app.ts";

export interface GraphqlAnswer {
  status: number;
  /** The whole answer as text (for leak searches). */
  text: string;
  body: { data?: Record<string, any> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] } | null;
}

/** Posts an operation; subscriptions are read over Server-Sent Events until the first event (or a short timeout). */
export async function graphqlCall(
  app: TestApp,
  query: string,
  variables: Record<string, unknown> | undefined,
  token: string | undefined,
  options: { subscription?: boolean } = {},
): Promise<GraphqlAnswer> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.subscription) headers.accept = "text/event-stream";
  const res = await app.fetch("/graphql", { method: "POST", headers, body: JSON.stringify({ query, variables }) });
  if (!options.subscription || !res.headers.get("content-type")?.includes("text/event-stream")) {
    const text = await res.text();
    let body: GraphqlAnswer["body"] = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: res.status, text, body };
  }
  // First event of the stream, then hang up.
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline && !/event: (next|complete)[\s\S]*?\n\n/.test(text)) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((r) => setTimeout(() => r(null), Math.max(1, deadline - Date.now()))),
    ]);
    if (!chunk || chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  await reader.cancel().catch(() => {});
  const data = /event: next\ndata: (.*)\n/.exec(text)?.[1];
  return { status: res.status, text, body: data ? JSON.parse(data) : null };
}

/** Typed refusals a resolver answers with when the caller may not do something. */
export const AUTH_REFUSALS = new Set(["ForbiddenError", "NotAuthenticatedError"]);

/**
 * Whether an answer is an authorization refusal: a top-level error of kind Forbidden/NotAuthenticated (or Pothos'
 * "Not authorized"), or a typed ForbiddenError/NotAuthenticatedError result, with no other data.
 */
export function isAuthRefusal(answer: GraphqlAnswer, field: string): boolean {
  const value = answer.body?.data?.[field];
  if (value && typeof value === "object" && AUTH_REFUSALS.has((value as { __typename?: string }).__typename ?? "")) return true;
  const errors = answer.body?.errors ?? [];
  const authError = errors.some(
    (e) => AUTH_REFUSALS.has(String(e.extensions?.code)) || /not authori[sz]ed|not allowed|log in/i.test(e.message),
  );
  return authError && (value === null || value === undefined);
}
