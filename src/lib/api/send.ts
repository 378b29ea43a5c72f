/**
 * How every call reaches the API: same origin, no-store, JSON headers on every write (the CSRF defence), the early
 * reads, aborts, and ApiError("Network error") when the API cannot be reached. Shared by the openapi-fetch client
 * and the framework-free pages' reader (read.ts), which cannot carry openapi-fetch within their script budgets.
 */
import { ApiError } from "../api-client";
import { forgetEarlyReads, takeEarlyRead } from "../early-reads";

export async function send(
  url: string,
  method: string,
  init: { headers: Headers; body?: BodyInit | null; signal?: AbortSignal | null },
): Promise<Response> {
  const ownHeaders = [...init.headers.keys()].some((name) => name !== "content-type");
  const headers: Record<string, string> = { ...Object.fromEntries(init.headers), accept: "application/json" };
  // A browser's DELETE carries no Content-Length, which the API cannot tell from a body of another type.
  if (method !== "GET") headers["content-type"] = "application/json";
  // A GET without extra headers may already be under way; a write makes those out of date.
  const early = method === "GET" && !ownHeaders ? takeEarlyRead(url) : undefined;
  if (method !== "GET") forgetEarlyReads();
  const signal = init.signal ?? undefined;
  try {
    const response =
      (early && (await early.catch(() => null))) ||
      (await fetch(url, {
        method,
        headers,
        body: init.body ?? undefined,
        credentials: "same-origin",
        cache: "no-store",
        signal,
      }));
    signal?.throwIfAborted();
    return response;
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError("Network error", 0);
  }
}
