/**
 * Browser calls to the public catalogue (same origin, /api). Used by islands to refresh what the static
 * build printed (price, stock, active state) and to render products created after the build.
 */
import { isProductView, type ProductView as Product } from "../domain/catalog/product-rules";
import { apiGet } from "./api/read";
import { ApiError } from "./api-client";

export async function fetchProducts(signal?: AbortSignal): Promise<Product[]> {
  const body: unknown = await apiGet("/api/products", {}, signal);
  if (!Array.isArray(body) || !body.every(isProductView)) throw new ApiError("Failed to fetch products", 200);
  return body;
}

/** GET /api/products/{id}: the product, or null when it is unknown or no longer sold (404). */
export async function fetchProduct(id: number, signal?: AbortSignal): Promise<Product | null> {
  try {
    const body: unknown = await apiGet("/api/products/{id}", { id }, signal);
    if (!isProductView(body)) throw new ApiError("Failed to fetch products", 200);
    return body;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
