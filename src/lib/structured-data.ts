/** schema.org data for search engines (JSON-LD), built from the same product the page shows. */

import { mainImage } from "../domain/catalog/product-photos";
import { type ProductView as Product, schemaOrgAvailability } from "../domain/catalog/product-rules";
import { centsToDecimalText, eurosToCents } from "../domain/money";
import type { reviewsStructuredData } from "../domain/reviews/ratings";

type ProductData = Pick<Product, "id" | "name" | "price" | "image" | "description" | "stock"> &
  Partial<Pick<Product, "category" | "reference" | "gtin" | "net_weight_g">>;

/**
 * The product identification schema.org has properties for (GPSR art. 19(b), decision record 015): the owner's
 * reference as sku (the id-based SKU for products without one), the GTIN when there is one (schema.org's `gtin`
 * takes any of GTIN-8/12/13/14), and the nominal quantity as `weight`, a QuantitativeValue in grams (UN/CEFACT
 * code GRM). Ingredients, precautions and allergens have no schema.org property on Product: they stay in the page.
 */
function identification(product: ProductData): Record<string, unknown> {
  return {
    sku: product.reference?.trim() || `SAVON-${product.id}`,
    ...(product.gtin ? { gtin: product.gtin } : {}),
    ...(product.net_weight_g && product.net_weight_g > 0
      ? {
          weight: {
            "@type": "QuantitativeValue",
            value: product.net_weight_g,
            unitCode: "GRM",
            unitText: "g",
          },
        }
      : {}),
  };
}

/** Who makes the product and answers for it (GPSR art. 19(a)): the company settings' name, address and e-mail. */
export interface ProductManufacturer {
  name: string;
  address: string;
  email: string;
}

/**
 * The product's schema.org data. `reviews` is reviewsStructuredData's answer (aggregateRating and review, or nothing
 * without a review): passed in, not computed here, as the home's script builds cards' data without the reviews' rules.
 */
export function productJsonLd(
  product: ProductData,
  siteUrl: string,
  manufacturer?: ProductManufacturer,
  reviews: ReturnType<typeof reviewsStructuredData> = {},
): Record<string, unknown> {
  const url = new URL(`/product/${product.id}`, siteUrl).href;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": url,
    name: product.name,
    description: product.description,
    image: new URL(mainImage(product), siteUrl).href,
    ...identification(product),
    ...(product.category ? { category: product.category } : {}),
    ...(manufacturer?.name
      ? {
          manufacturer: {
            "@type": "Organization",
            name: manufacturer.name,
            ...(manufacturer.email ? { email: manufacturer.email } : {}),
            ...(manufacturer.address ? { address: manufacturer.address } : {}),
          },
        }
      : {}),
    offers: {
      "@type": "Offer",
      url,
      price: centsToDecimalText(eurosToCents(product.price)),
      priceCurrency: "EUR",
      availability: schemaOrgAvailability(product.stock),
      itemCondition: "https://schema.org/NewCondition",
    },
    ...reviews,
  };
}

/** JSON for an inline <script type="application/ld+json">: "<" is escaped so no text can close the tag. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
