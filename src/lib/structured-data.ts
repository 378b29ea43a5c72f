/** schema.org data for search engines (JSON-LD), built from the same product the page shows. */
import { centsToDecimalText, eurosToCents } from "../domain/money";
import { type ProductView as Product, schemaOrgAvailability } from "../domain/product-rules";

type ProductData = Pick<Product, "id" | "name" | "price" | "image" | "description" | "stock"> &
  Partial<Pick<Product, "category">>;

export function productJsonLd(product: ProductData, siteUrl: string): Record<string, unknown> {
  const url = new URL(`/product/${product.id}`, siteUrl).href;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": url,
    name: product.name,
    description: product.description,
    image: new URL(product.image, siteUrl).href,
    sku: `SAVON-${product.id}`,
    ...(product.category ? { category: product.category } : {}),
    offers: {
      "@type": "Offer",
      url,
      price: centsToDecimalText(eurosToCents(product.price)),
      priceCurrency: "EUR",
      availability: schemaOrgAvailability(product.stock),
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}

/** JSON for an inline <script type="application/ld+json">: "<" is escaped so no text can close the tag. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
