/**
 * The announcement as the build prints it: the React markup (product page, cards, checkout) and the framework-free
 * one (cart, the cards' refresh) are the same, and the product page's buy box and the home's cards print it for a
 * product whose JSON has a reduction.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ProductReductionView } from "../../domain/catalog/product";
import { announcePrice } from "../../domain/reductions/announce";
import { REFERENCE_MENTION } from "../../domain/reductions/words";
import { reductionHtml } from "../../lib/price-announcement-view";
import { toBuyBoxProduct } from "../../lib/product-view";
import BuyBox from "./BuyBox";
import { PriceAnnouncement } from "./PriceAnnouncement";
import { type CardProduct, ProductCard } from "./ProductCard";

const text = (markup: string) => markup.replace(/<[^>]+>/g, "").replace(/&#x27;|&#39;/g, "'");

const soap = {
  id: 5,
  name: "Savon d'Alep 40 %",
  price: 9.9,
  weight: "200 g",
  image: "/images/5.webp",
  description: "Un savon.",
  category: "Savons",
  stock: 12,
  low_stock_threshold: 3,
  is_active: true,
  net_weight_g: 200,
};
const reduction = (kind: ProductReductionView["kind"]): ProductReductionView => ({
  kind,
  reference: 12.9,
  percent: 23,
  ends_at: "2027-01-31T23:00:00.000Z",
});

describe("PriceAnnouncement", () => {
  it.each(["promotion", "soldes"] as const)(
    "prints the markup the framework-free pages print (« %s »)",
    (kind) => {
      const announced = announcePrice({ price: 9.9, reduction: reduction(kind) }).reduction;
      expect(renderToStaticMarkup(createElement(PriceAnnouncement, { reduction: announced }))).toBe(
        reductionHtml(announced).value,
      );
    },
  );

  it("prints nothing without a reduction", () => {
    expect(renderToStaticMarkup(createElement(PriceAnnouncement, { reduction: null }))).toBe("");
    expect(reductionHtml(null).value).toBe("");
  });
});

describe("the product page's buy box and the home's card, as built", () => {
  it.each([
    ["promotion", "Promotion"],
    ["soldes", "Soldes"],
  ] as const)("announce « %s » beside the new price, its €/kg following it", (kind, label) => {
    const product = { ...soap, reduction: reduction(kind) };
    const announcement = `${label}-23\u00a0%Prix de référence : 12,90\u00a0€${REFERENCE_MENTION}`;

    const box = text(renderToStaticMarkup(createElement(BuyBox, { product: toBuyBoxProduct(product) })));
    expect(box).toContain(`9,90\u00a0€TTC${announcement}`);
    expect(box).toContain("Soit 49,50\u00a0€ / kg");

    const card = renderToStaticMarkup(
      createElement(ProductCard, { product: product as CardProduct, siteUrl: "https://savon.example" }),
    );
    expect(text(card)).toContain(`9,90\u00a0€49,50\u00a0€ / kg${announcement}`);
    expect(card).toContain('"price":"9.90"');
  });

  it("announce nothing for a product without a reduction", () => {
    const box = renderToStaticMarkup(createElement(BuyBox, { product: toBuyBoxProduct(soap) }));
    const card = renderToStaticMarkup(
      createElement(ProductCard, { product: soap, siteUrl: "https://savon.example" }),
    );
    for (const markup of [box, card]) expect(markup).not.toContain("Prix de référence");
  });
});
