import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { clientAddressKey } from "../../../src/domain/rate-limit";

/** What the runtimes put in Hono's `c.env`: the Lambda adapter's event context, or the Node server's request. */
interface RuntimeBindings {
  requestContext?: { http?: { sourceIp?: unknown } };
  incoming?: { socket?: unknown };
}

/**
 * The caller's network address, as the runtime saw it, never as a header the client writes:
 * - on Lambda (function URL or API Gateway HTTP API, payload 2.0; hono/aws-lambda puts the event's context in
 *   `c.env.requestContext`): `requestContext.http.sourceIp`, which AWS sets;
 * - on the local server (@hono/node-server): the socket's remote address (its `getConnInfo`);
 * - otherwise (the app called in-process, as tests do without bindings): null.
 * X-Forwarded-For is ignored: anyone can write it, and the function URLs are public (docs/decisions/001-infra.md),
 * so no proxy in front guarantees it. Behind the CloudFront Router, `sourceIp` is likely the address CloudFront
 * calls from, not the visitor's (docs/decisions/011-abuse-limits.md says what that means for the limits).
 */
export function clientIp(c: Context): string | null {
  const env = c.env as RuntimeBindings | undefined;
  const sourceIp = env?.requestContext?.http?.sourceIp;
  if (typeof sourceIp === "string" && sourceIp) return sourceIp;
  if (env?.incoming?.socket) return getConnInfo(c).remote.address ?? null;
  return null;
}

/** The subject per-address limits count under: the address, an IPv6 one by its /64; "unknown" without one. */
export function clientKey(c: Context): string {
  return clientAddressKey(clientIp(c));
}
