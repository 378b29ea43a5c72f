import { describe, expect, it } from "vitest";
import type { PublishedReview } from "../domain/reviews/ratings";
import { REPORT_RATE_LIMITED, REPORT_THANKS, reportOutcome } from "./review-report-view";
import { ratingLabel, reviewsView, stars, summaryView } from "./review-view";

const review = (
  id: string,
  rating: number,
  published_at: string,
  answer: PublishedReview["answer"] = null,
) => ({
  id,
  rating,
  title: `Titre ${id}`,
  text: "<script>alert(1)</script>",
  shown_name: "Marie D.",
  experienced_at: "2026-03-01T23:30:00.000Z",
  published_at,
  answer,
});

describe("the reviews' view", () => {
  it("shows no rating without a review", () => {
    expect(summaryView([])).toBeNull();
    expect(reviewsView([])).toEqual({ summary: null, items: [] });
  });

  it("sums up the average and count as the page prints them", () => {
    const summary = summaryView([{ rating: 5 }, { rating: 4 }, { rating: 5 }, { rating: 5 }, { rating: 4 }]);
    expect(summary?.text).toBe("4,6 sur 5 — 5 avis");
    expect(summary?.stars).toEqual([true, true, true, true, true]);
    expect(summaryView([{ rating: 3 }])?.text).toBe("3 sur 5 — 1 avis");
  });

  it("draws the stars of a rating with its text equivalent", () => {
    expect(stars(2)).toEqual([true, true, false, false, false]);
    expect(stars(4.4)).toEqual([true, true, true, true, false]);
    expect(ratingLabel(4)).toBe("Note : 4 sur 5");
  });

  it("lists the reviews newest first with their dates in Paris time and the shop's answer", () => {
    const { items } = reviewsView([
      review("a", 2, "2026-03-05T10:00:00.000Z"),
      review("b", 5, "2026-03-08T10:00:00.000Z", { text: "Merci !", at: "2026-03-09T08:00:00.000Z" }),
    ]);
    expect(items.map((item) => item.id)).toEqual(["b", "a"]);
    expect(items[0]).toMatchObject({
      ratingLabel: "Note : 5 sur 5",
      experienced: "Commande reçue le 2 mars 2026",
      published: "Publié le 8 mars 2026",
      answer: { text: "Merci !", date: "Le 9 mars 2026" },
      text: "<script>alert(1)</script>",
    });
    expect(items[1]?.answer).toBeNull();
  });
});

describe("a report's answer", () => {
  it("thanks, says the limit, or says it failed", () => {
    expect(reportOutcome(204)).toEqual({ ok: true, message: REPORT_THANKS });
    expect(reportOutcome(429)).toEqual({ ok: false, message: REPORT_RATE_LIMITED });
    expect(reportOutcome(429, "Réessayez demain.").message).toBe("Réessayez demain.");
    expect(reportOutcome(404).message).toBe("Cet avis n'est plus en ligne.");
    expect(reportOutcome(0)).toMatchObject({ ok: false });
    expect(reportOutcome(500).message).toMatch(/n'a pas pu être envoyé/);
  });
});
