/**
 * What the API client (api/client.ts) shares with the screens: the ApiError a failed call throws, carrying the spec's
 * message, and the helpers that read it or save a downloaded file.
 */

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
