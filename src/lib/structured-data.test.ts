import { describe, expect, it } from "vitest";
import { type PublishedReview, reviewsStructuredData } from "../domain/reviews/ratings";
import { productJsonLd, serializeJsonLd } from "./structured-data";

const soap = {
  id: 3,
  name: "Savon d'Alep Premium",
  price: 12.9,
  image: "/images/savon.webp",
  description: "Un savon.",
  stock: 4,
  reference: "SAL-PREM-200",
  gtin: "",
  net_weight_g: 200,
};

describe("productJsonLd", () => {
  it("names the manufacturer the product page shows (GPSR art. 19), when given", () => {
    const data = productJsonLd(soap, "https://savon.example", {
      name: "Savonnerie d'Alep Artisanale",
      address: "12 rue des Oliviers, 84000 Avignon, France",
      email: "contact@savon.example",
    });
    expect(data.manufacturer).toEqual({
      "@type": "Organization",
      name: "Savonnerie d'Alep Artisanale",
      email: "contact@savon.example",
      address: "12 rue des Oliviers, 84000 Avignon, France",
    });
    expect(data).toMatchObject({ sku: "SAL-PREM-200", offers: { price: "12.90", priceCurrency: "EUR" } });
    expect(data).not.toHaveProperty("gtin");
  });

  it("leaves it out for the product cards, which do not print it", () => {
    expect(productJsonLd(soap, "https://savon.example")).not.toHaveProperty("manufacturer");
  });

  it("has no rating and no review when the product has no published review", () => {
    const data = productJsonLd(soap, "https://savon.example", undefined, reviewsStructuredData([]));
    expect(data).not.toHaveProperty("aggregateRating");
    expect(data).not.toHaveProperty("review");
    expect(productJsonLd(soap, "https://savon.example")).not.toHaveProperty("aggregateRating");
  });

  it("gains the average, the count and each review, newest first, when there are reviews", () => {
    const review = (id: string, rating: number, published_at: string): PublishedReview => ({
      id,
      rating,
      title: `Titre ${id}`,
      text: "Un savon <b>doux</b>.",
      shown_name: "Marie D.",
      experienced_at: "2026-03-01T10:00:00.000Z",
      published_at,
      answer: null,
    });
    const data = productJsonLd(
      soap,
      "https://savon.example",
      undefined,
      reviewsStructuredData([
        review("a", 4, "2026-03-05T10:00:00.000Z"),
        review("b", 5, "2026-03-08T10:00:00.000Z"),
      ]),
    );
    expect(data).toMatchObject({
      "@type": "Product",
      offers: { "@type": "Offer" },
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: 4.5,
        reviewCount: 2,
        bestRating: 5,
        worstRating: 1,
      },
    });
    const reviews = data.review as Record<string, unknown>[];
    expect(reviews.map((item) => item.name)).toEqual(["Titre b", "Titre a"]);
    expect(reviews[0]).toMatchObject({
      "@type": "Review",
      datePublished: "2026-03-08",
      author: { "@type": "Person", name: "Marie D." },
      reviewRating: { "@type": "Rating", ratingValue: 5 },
    });
    expect(serializeJsonLd(data)).not.toContain("<b>");
  });

  it("serialises so that no text can close the script", () => {
    expect(serializeJsonLd({ name: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});

describe("productJsonLd under a reduction", () => {
  it.each(["promotion", "soldes"] as const)(
    "offers the price in force during « %s », and no other price",
    (kind) => {
      const reduced = { ...soap, price: 9.9, reduction: { kind, reference: 12.9, percent: 23, ends_at: "" } };
      const data = productJsonLd(reduced, "https://savon.example");
      expect(data.offers).toMatchObject({ price: "9.90", priceCurrency: "EUR" });
      expect(JSON.stringify(data)).not.toContain("12.9");
    },
  );
});
