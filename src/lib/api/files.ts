/**
 * What openapi-fetch cannot send or read, a file's bytes: a download (a zip, a FEC, a PDF) or a photo's upload, by a
 * bare fetch of a declared path. Apart from the client, so that a page that sends no file does not load them.
 */
import { ApiError, apiErrorOf, attachmentFileName } from "../api-client";
import { type ApiAnswer, type ApiPath, apiUrl, type Params } from "./client";

/**
 * GETs a file the API answers as an attachment (a zip, a FEC...): its bytes and the name the server gives it. A bare
 * fetch: openapi-fetch would read the answer as JSON and ask for JSON.
 */
export async function apiDownload(
  path: ApiPath,
  fallbackName: string,
  params: Params = {},
  headers?: Readonly<Record<string, string>>,
): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, params), {
      ...(headers && { headers }),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new ApiError("Network error", 0);
  }
  if (!response.ok) throw apiErrorOf(response.status, await response.json().catch(() => null));
  const fileName = attachmentFileName(response.headers.get("content-disposition"), fallbackName);
  return { blob: await response.blob(), fileName };
}

/** Sends a file's bytes as the body (a product photo), with its own type; the answer is read as JSON. */
export async function apiUpload<P extends ApiPath>(
  path: P,
  params: Params,
  file: Blob,
): Promise<ApiAnswer<P, "post">> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, params), {
      method: "POST",
      headers: { accept: "application/json", "content-type": file.type || "application/octet-stream" },
      body: file,
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new ApiError("Network error", 0);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorOf(response.status, data);
  return data as ApiAnswer<P, "post">;
}
