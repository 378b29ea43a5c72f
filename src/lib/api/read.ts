/**
 * A GET typed from the API's document for the framework-free pages: openapi-fetch (about 2.5 KB brotli) does not fit
 * their script budgets, so their reads name a declared path and get its declared answer through the same send.
 */
import { ApiError, apiErrorOf } from "../api-client";
import type { ApiAnswer, ApiPath } from "./client";
import { send } from "./send";

/** The JSON answer of a GET of `path`, its {parameters} filled in; an ApiError when it fails. */
export async function apiGet<P extends ApiPath>(
  path: P,
  params: Readonly<Record<string, string | number>> = {},
  signal?: AbortSignal,
): Promise<ApiAnswer<P>> {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const response = await send(url, "GET", { headers: new Headers(), signal });
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiErrorOf(response.status, data);
  if (data === undefined) throw new ApiError("Network error", 0);
  return data as ApiAnswer<P>;
}
