import { createProduct } from "../../functions/catalog/service";
import type { DataDeps } from "../../functions/platform/deps";
import type { Product } from "../../src/domain/catalog/product";
import { COMPLETE_COSMETICS } from "./cosmetics";

/** An active soap with a unique name, created through the catalogue service. */
export function createSoap(
  deps: DataDeps,
  { price = 10, stock = 10, lowStockThreshold = 2 } = {},
): Promise<Product> {
  return createProduct(deps, {
    name: `Savon ${Math.random().toString(36).slice(2, 7)}`,
    price,
    weight: "200g",
    image: "/images/products/savon-premium.svg",
    description: "Un savon",
    stock,
    low_stock_threshold: lowStockThreshold,
    benefits: [],
    long_description: "",
    category: "",
    ingredients: "",
    usage: "",
    is_active: true,
    ...COMPLETE_COSMETICS,
  });
}
