import { timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { clientAddressKey } from "../../../src/domain/rate-limit";
import { EDGE_KEY_HEADER, EDGE_KEY_VARIABLE, VIEWER_ADDRESS_HEADER } from "../edge-headers";

interface RuntimeBindings {
  requestContext?: { http?: { sourceIp?: unknown } };
  incoming?: { socket?: unknown };
}

/**
 * The caller's address as the runtime or the shop's own edge saw it (the Router's, believed only with the edge key;
 * AWS's sourceIp; the socket's). X-Forwarded-For is ignored: anyone can write it, and the function URLs are public.
 */
export function clientIp(c: Context): string | null {
  const env = c.env as RuntimeBindings | undefined;
  const sourceIp = env?.requestContext?.http?.sourceIp;
  if (typeof sourceIp === "string" && sourceIp) return edgeViewerAddress(c) ?? sourceIp;
  if (env?.incoming?.socket) return getConnInfo(c).remote.address ?? null;
  return null;
}

/** Compared in constant time, so the answer's timing does not reveal the key. */
export function carriesEdgeKey(
  c: Context,
  key: string | undefined = process.env[EDGE_KEY_VARIABLE],
): boolean {
  const given = c.req.header(EDGE_KEY_HEADER);
  if (!key || !given) return false;
  const expected = Buffer.from(key);
  const received = Buffer.from(given);
  return expected.length === received.length && timingSafeEqual(expected, received);
}

function edgeViewerAddress(c: Context): string | null {
  if (!carriesEdgeKey(c)) return null;
  const address = c.req.header(VIEWER_ADDRESS_HEADER)?.trim() ?? "";
  return isIP(address) ? address : null;
}

/** The subject per-address limits count under: the address, an IPv6 one by its /64; "unknown" without one. */
export function clientKey(c: Context): string {
  return clientAddressKey(clientIp(c));
}
