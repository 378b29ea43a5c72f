/** Small view helpers shared by the product card, the product page and the buy box. */
import type { CartProduct } from "../domain/cart/cart";
import type { Product } from "../domain/catalog/product";
import { mainImage } from "../domain/catalog/product-photos";
import { centsToDecimalText, eurosToCents, formatEuros } from "../domain/money";

export function priceLabel(euros: number): string {
  return formatEuros(eurosToCents(euros));
}

/** What the buy box needs of a product: kept small because it is serialized into the page. */
export type BuyBoxProduct = Pick<
  Product,
  | "id"
  | "name"
  | "price"
  | "weight"
  | "image"
  | "stock"
  | "low_stock_threshold"
  | "is_active"
  | "net_weight_g"
  | "reduction"
>;

/** The buy box's product; its image is the product's picture: the first photo, else the image URL. */
export function toBuyBoxProduct(product: BuyBoxProduct & Partial<Pick<Product, "photos">>): BuyBoxProduct {
  const { id, name, price, weight, stock, low_stock_threshold, is_active, net_weight_g, reduction } = product;
  return {
    id,
    name,
    price,
    weight,
    image: mainImage(product),
    stock,
    low_stock_threshold,
    is_active,
    net_weight_g,
    ...(reduction && { reduction }),
  };
}

/** A cart line keeps the price as euro text (spec 3, "Cart item"), with the reduction it is announced with. */
export function toCartProduct(product: BuyBoxProduct): CartProduct {
  return {
    id: product.id,
    name: product.name,
    price: centsToDecimalText(eurosToCents(product.price)),
    weight: product.weight,
    image: product.image,
    stock: product.stock,
    ...(product.reduction && { reduction: product.reduction }),
  };
}

/** Delivery facts shown on the product page, from GET /api/settings/company and /api/settings/shipping. */
export interface ShippingInfo {
  shippingCompany: string;
  freeShippingThreshold: number;
  standardCost: number;
}

/** Long texts are stored with blank lines between paragraphs. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}
