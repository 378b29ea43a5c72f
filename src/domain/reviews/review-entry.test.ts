import { describe, expect, it } from "vitest";
import { reviewFormPath } from "./review";
import { REVIEW_FORM_PARAMETER, reviewFormRequested, reviewsOffered } from "./review-entry";

describe("where the review panel opens", () => {
  it("is offered for a delivered order only", () => {
    expect(reviewsOffered({ status: "delivered" })).toBe(true);
    for (const status of ["pending", "processing", "shipped", "cancelled", "refunded"]) {
      expect(reviewsOffered({ status })).toBe(false);
    }
  });

  it("opens from the invitation's link, and only from it", () => {
    const link = new URL(reviewFormPath("ORDER1", "token"), "https://savon.example");
    expect(reviewFormRequested(link.search)).toBe(true);
    expect(reviewFormRequested(`?${REVIEW_FORM_PARAMETER}=1&x=2`)).toBe(true);
    expect(reviewFormRequested("")).toBe(false);
    expect(reviewFormRequested("?id=ORDER1")).toBe(false);
    expect(reviewFormRequested(`?${REVIEW_FORM_PARAMETER}=0`)).toBe(false);
  });
});
