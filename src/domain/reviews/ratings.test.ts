import { describe, expect, it } from "vitest";
import {
  averageText,
  countText,
  newestFirst,
  type PublishedReview,
  ratingSummary,
  reviewDate,
  reviewsStructuredData,
} from "./ratings";

const review = (id: string, rating: number, published_at: string): PublishedReview => ({
  id,
  rating,
  title: `Titre ${id}`,
  text: `Texte ${id}`,
  shown_name: "Marie D.",
  experienced_at: "2026-03-04T09:30:00.000Z",
  published_at,
  answer: null,
});

describe("a product's rating", () => {
  it.each([
    [[], { count: 0, average: null }],
    [[5], { count: 1, average: 5 }],
    [[5, 4], { count: 2, average: 4.5 }],
    [[5, 4, 4], { count: 3, average: 4.3 }],
    [[1, 2, 2], { count: 3, average: 1.7 }],
  ])("of %j is %j", (ratings, summary) => {
    expect(ratingSummary(ratings.map((rating) => ({ rating })))).toEqual(summary);
  });

  it("reads in French", () => {
    expect(averageText(4.5)).toBe("4,5 sur 5");
    expect(averageText(4)).toBe("4 sur 5");
    expect(countText(1)).toBe("1 avis");
    expect(countText(1200)).toBe("1\u202f200 avis");
    expect(reviewDate("2026-03-31T23:30:00.000Z")).toBe("1 avril 2026");
  });
});

describe("the reviews' order", () => {
  it("is the newest publication first", () => {
    const reviews = [review("a", 5, "2026-03-01T10:00:00Z"), review("b", 2, "2026-03-05T10:00:00Z")];
    expect(newestFirst(reviews).map((entry) => entry.id)).toEqual(["b", "a"]);
  });
});

describe("the product's structured data", () => {
  it("has no rating without a review", () => {
    expect(reviewsStructuredData([])).toEqual({});
  });

  it("gives the average, the count and each review with its author, rating and date", () => {
    const data = reviewsStructuredData([
      review("a", 5, "2026-03-01T10:00:00Z"),
      review("b", 4, "2026-03-05T10:00:00Z"),
    ]);
    expect(data.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.review).toEqual([
      expect.objectContaining({
        "@type": "Review",
        name: "Titre b",
        reviewBody: "Texte b",
        datePublished: "2026-03-05",
        author: { "@type": "Person", name: "Marie D." },
        reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: 5, worstRating: 1 },
      }),
      expect.objectContaining({ name: "Titre a" }),
    ]);
  });
});
