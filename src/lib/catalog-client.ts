/**
 * Browser calls to the public catalogue (same origin, /api). Used by islands to refresh what the static
 * build printed (price, stock, active state) and to render products created after the build.
 */
import { isProductView, type ProductView as Product } from "../domain/product-rules";

/** A failed call, with the message the spec shows (section 8, "Generic call failure"). */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function getJson(path: string, signal?: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { accept: "application/json" }, signal, cache: "no-store" });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError("Network error", 0);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(response.ok ? "Network error" : `HTTP ${response.status}`, response.status);
  }
  if (!response.ok) {
    const error = (body as { error?: unknown } | null)?.error;
    throw new ApiError(
      typeof error === "string" && error ? error : `HTTP ${response.status}`,
      response.status,
    );
  }
  return body;
}

/** GET /api/products: the active products. */
export async function fetchProducts(signal?: AbortSignal): Promise<Product[]> {
  const body = await getJson("/api/products", signal);
  if (!Array.isArray(body) || !body.every(isProductView)) throw new ApiError("Failed to fetch products", 200);
  return body;
}

/** GET /api/products/{id}: the product, or null when it is unknown or no longer sold (404). */
export async function fetchProduct(id: number, signal?: AbortSignal): Promise<Product | null> {
  try {
    const body = await getJson(`/api/products/${id}`, signal);
    if (!isProductView(body)) throw new ApiError("Failed to fetch products", 200);
    return body;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
