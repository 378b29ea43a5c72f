/**
 * The islands' one way to call the API: same origin, JSON in and out, the session cookie sent by the browser
 * (the page never holds a token, api.md "Sessions"). Failures become an ApiError carrying the spec's message.
 */
import { forgetEarlyReads, takeEarlyRead } from "./early-reads";

/**
 * A failed call. `message` follows spec 8 "Generic call failure": the response's `error` field, else
 * 'HTTP {status}', else 'Network error'. Validation errors also carry `fields` ({ name: message }); `details`
 * is the whole error body (e.g. the server's `totals` of a 409 PRICE_CHANGED).
 */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly fields: Readonly<Record<string, string>> = {},
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  headers?: Readonly<Record<string, string>>;
}

/** Calls `path` and answers its JSON body (undefined for 204). Throws ApiError; an abort rethrows as is. */
export async function apiRequest<T = unknown>(path: string, request: ApiRequest = {}): Promise<T> {
  const { method = "GET", body, signal } = request;
  const headers: Record<string, string> = { ...request.headers, accept: "application/json" };
  // Every state-changing call says JSON, bodiless ones too: the API refuses any other type (CSRF defence),
  // and a browser's DELETE carries no Content-Length, which the API cannot tell from a body of another type.
  if (method !== "GET") headers["content-type"] = "application/json";
  // A GET without extra headers may already be under way (early-reads.ts); a write makes those out of date.
  const early = method === "GET" && !request.headers ? takeEarlyRead(path) : undefined;
  if (method !== "GET") forgetEarlyReads();
  let response: Response;
  try {
    response =
      (early && (await early.catch(() => null))) ||
      (await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: "same-origin",
        cache: "no-store",
        signal,
      }));
    signal?.throwIfAborted();
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError("Network error", 0);
  }
  if (response.status === 204) return undefined as T;
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new ApiError(response.ok ? "Network error" : `HTTP ${response.status}`, response.status);
  }
  if (!response.ok) throw apiErrorOf(response.status, data);
  return data as T;
}

/** The ApiError of a failed answer's JSON body (`{ error, code, fields }`, api.md). */
export function apiErrorOf(status: number, data: unknown): ApiError {
  const { error, code, fields } = (data ?? {}) as { error?: unknown; code?: unknown; fields?: unknown };
  return new ApiError(
    typeof error === "string" && error ? error : `HTTP ${status}`,
    status,
    typeof code === "string" ? code : undefined,
    fields && typeof fields === "object" ? (fields as Record<string, string>) : {},
    data && typeof data === "object" ? (data as Record<string, unknown>) : {},
  );
}

/** The file name of a `content-disposition: attachment; filename="..."` header, else the fallback. */
export function attachmentFileName(header: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(header ?? "")?.[1] ?? fallback;
}

/** Hands a downloaded file to the browser's downloads, under its name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The text a screen shows for a failure: the error's message, else the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** Field messages of a 400 VALIDATION answer, for showing next to the fields; empty otherwise. */
export function fieldErrors(error: unknown): Readonly<Record<string, string>> {
  return error instanceof ApiError ? error.fields : {};
}
