/**
 * Browser calls of « Mes données » for orders placed without an account (/mes-donnees): ask for a link by
 * e-mail, then download or erase with the token the link carries in its fragment.
 */
import { api, apiUrl, unwrap } from "./api/client";
import { ApiError, attachmentFileName } from "./api-client";

/** POST /api/guest/personal-data/request: the same answer whether the e-mail ordered or not. */
export async function requestGuestDataLink(email: string): Promise<string> {
  const { message } = await unwrap(api.POST("/api/guest/personal-data/request", { body: { email } }));
  return message;
}

/**
 * POST /api/guest/personal-data/export: the zip and the name the server gives it. A POST (the token travels in the
 * body, never in a URL), so fetched here rather than by apiDownload; failures become ApiError like the client's.
 */
export async function downloadGuestData(token: string): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(apiUrl("/api/guest/personal-data/export"), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/zip, application/json" },
      body: JSON.stringify({ token }),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new ApiError("Network error", 0);
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { error?: unknown; code?: unknown } | null;
    throw new ApiError(
      typeof data?.error === "string" && data.error ? data.error : `HTTP ${response.status}`,
      response.status,
      typeof data?.code === "string" ? data.code : undefined,
    );
  }
  const fileName = attachmentFileName(response.headers.get("content-disposition"), "mes-donnees.zip");
  return { blob: await response.blob(), fileName };
}

/** POST /api/guest/personal-data/erase: how many orders were made anonymous. The link then stops working. */
export function eraseGuestData(token: string): Promise<{ erased: number }> {
  return unwrap(api.POST("/api/guest/personal-data/erase", { body: { token } }));
}
