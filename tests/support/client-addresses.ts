import type { Hono } from "hono";

/**
 * Calls the API as anonymous visitors, each call from a client address of its own unless one is given, as the Lambda
 * adapter passes it (requestContext.http.sourceIp): the per-address limits (guest orders, sign-ups, « Mes données »
 * links) count each call apart unless a test means to exhaust one. `prefix` keeps one test file's addresses apart
 * from another's.
 */
export function anonymousCaller(app: Pick<Hono, "request">, prefix: string) {
  let address = 0;
  return (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    sourceIp = `${prefix}.${(++address % 250) + 1}`,
  ) =>
    Promise.resolve(
      app.request(
        path,
        {
          method,
          headers: { ...(body !== undefined && { "content-type": "application/json" }), ...headers },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        },
        { requestContext: { http: { sourceIp } } },
      ),
    );
}
