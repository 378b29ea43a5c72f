import { describe, expect, it } from "vitest";
import {
  defaultShownName,
  NOT_DELIVERED,
  NOT_IN_ORDER,
  plainText,
  RATING_MESSAGE,
  REFUSAL_REASONS,
  refusalSchema,
  reviewEligibility,
  reviewFormPath,
  reviewInputSchema,
} from "./review";

const valid = { rating: 4, title: "Très doux", text: "Mousse fine, peau pas tirée.", shown_name: "Marie D." };

describe("plainText", () => {
  it.each([
    ["  Savon  \t d'Alep ", false, "Savon d'Alep"],
    ["ligne 1\r\nligne 2", true, "ligne 1\nligne 2"],
    ["a\n\n\n\nb", true, "a\n\nb"],
    ["a\u0000b\u0007c", false, "abc"],
    ["bon\u202eelcyc", false, "bonelcyc"],
    ["zéro\u200bespace", false, "zéroespace"],
    ["<b>gras</b> & <script>x</script>", false, "<b>gras</b> & <script>x</script>"],
    ["e\u0301te\u0301", false, "été"],
    [
      "famille \u{1f468}\u200d\u{1f469}\u200d\u{1f467}",
      false,
      "famille \u{1f468}\u200d\u{1f469}\u200d\u{1f467}",
    ],
  ])("%j (multiline %s) is kept as %j", (input, multiline, kept) => {
    expect(plainText(input, { multiline })).toBe(kept);
  });
});

describe("a review's input", () => {
  it("accepts a rating of 1 to 5 with a title, a text and a shown name", () => {
    for (const rating of [1, 2, 3, 4, 5])
      expect(reviewInputSchema.parse({ ...valid, rating }).rating).toBe(rating);
  });

  it.each([0, 6, 4.5, -1, "5", null])("refuses the rating %j with a French message", (rating) => {
    const result = reviewInputSchema.safeParse({ ...valid, rating });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(RATING_MESSAGE);
  });

  it.each([
    [{ title: "   " }, "Le titre est obligatoire."],
    [{ title: "x".repeat(101) }, "Le titre ne doit pas dépasser 100 caractères."],
    [{ text: "court" }, "Votre avis doit compter au moins 10 caractères."],
    [{ text: "x".repeat(2001) }, "Votre avis ne doit pas dépasser 2000 caractères."],
    [{ text: "\u0000".repeat(30) }, "Votre avis doit compter au moins 10 caractères."],
    [{ shown_name: "x".repeat(41) }, "Le nom affiché ne doit pas dépasser 40 caractères."],
    [{ shown_name: "" }, "Le nom affiché est obligatoire."],
  ])("refuses %j: %s", (change, message) => {
    const result = reviewInputSchema.safeParse({ ...valid, ...change });
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it("stores markup as the characters typed, and no control character", () => {
    const parsed = reviewInputSchema.parse({
      ...valid,
      text: "<img src=x onerror=alert(1)>\u0007 super savon",
    });
    expect(parsed.text).toBe("<img src=x onerror=alert(1)> super savon");
  });

  it("refuses an unknown field (no status or date from the browser)", () => {
    expect(reviewInputSchema.safeParse({ ...valid, status: "published" }).success).toBe(false);
  });
});

describe("the shown name by default", () => {
  it.each([
    ["Marie Dupont", "Marie D."],
    ["  jean-luc   de la fontaine ", "jean-luc F."],
    ["Zoé", "Zoé"],
    ["", "Client"],
    ["Émile \u0000élan", "Émile É."],
  ])("%j gives %j", (full, shown) => {
    expect(defaultShownName(full)).toBe(shown);
  });
});

describe("refusal", () => {
  it("takes one of the published reasons only, none of which is a low rating", () => {
    expect(refusalSchema.parse({ reason: "insults" }).reason).toBe("insults");
    expect(refusalSchema.safeParse({ reason: "negative" }).success).toBe(false);
    for (const label of Object.values(REFUSAL_REASONS)) expect(label).not.toMatch(/négati|note|étoile/i);
  });
});

describe("who may review", () => {
  const delivered = {
    status: "delivered",
    items: [{ product_id: 1 }, { product_id: 2 }],
    status_history: [
      { status: "pending", at: "2026-03-01T10:00:00.000Z" },
      { status: "shipped", at: "2026-03-02T10:00:00.000Z" },
      { status: "delivered", at: "2026-03-04T09:30:00.000Z" },
    ],
  };

  it("the customer of a delivered order, for its products, the delivery being the experience's date", () => {
    expect(reviewEligibility(delivered, 2)).toEqual({ ok: true, experiencedAt: "2026-03-04T09:30:00.000Z" });
  });

  it.each(["pending", "confirmed", "shipped", "cancelled"])("not while the order is %s", (status) => {
    expect(reviewEligibility({ ...delivered, status }, 1)).toEqual({ ok: false, message: NOT_DELIVERED });
  });

  it("not for a product the order does not hold", () => {
    expect(reviewEligibility(delivered, 3)).toEqual({ ok: false, message: NOT_IN_ORDER });
  });

  it("not for an order said delivered without a delivery in its history", () => {
    expect(reviewEligibility({ ...delivered, status_history: [] }, 1).ok).toBe(false);
  });
});

describe("reviewFormPath", () => {
  it("opens the order's page with its form, a guest's with her token in the fragment only", () => {
    expect(reviewFormPath("01J A")).toBe("/orders/track/01J%20A?avis=1");
    expect(reviewFormPath("01JA", "tok_en")).toBe("/orders/track/01JA?avis=1#acces=tok_en");
  });
});
