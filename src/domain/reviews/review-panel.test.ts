import { describe, expect, it } from "vitest";
import { MODERATION_DAYS, REFUSAL_REASONS, TEXT_MAX, TEXT_MIN, TITLE_MAX } from "./review";
import {
  type AuthorReview,
  characterCount,
  checkDraft,
  draftOf,
  emptyDraft,
  firstInvalid,
  MODERATION_NOTICE,
  panelEntries,
  refusalText,
  starLabel,
  statusLabel,
} from "./review-panel";

const review = (fields: Partial<AuthorReview> = {}): AuthorReview => ({
  product_id: 2,
  rating: 4,
  title: "Très doux",
  text: "Il mousse bien et ne dessèche pas la peau.",
  shown_name: "Marie D.",
  status: "pending",
  refusal_reason: null,
  answer: null,
  ...fields,
});

describe("the review panel's entries", () => {
  const items = [
    { product_id: 1, product_name: "Savon d'Alep" },
    { product_id: 2, product_name: "Savon au laurier" },
    { product_id: 1, product_name: "Savon d'Alep" },
  ];

  it("shows each product once, in the order's order, with its review or the form", () => {
    const entries = panelEntries(items, [review()]);
    expect(entries.map((entry) => [entry.kind, entry.product.productId, entry.product.name])).toEqual([
      ["form", 1, "Savon d'Alep"],
      ["review", 2, "Savon au laurier"],
    ]);
  });

  it("ignores a review of a product no longer in the order", () => {
    expect(panelEntries(items.slice(0, 1), [review()]).map((entry) => entry.kind)).toEqual(["form"]);
  });
});

describe("what the panel says of a review", () => {
  it("labels the stars in French", () => {
    expect([1, 2, 5].map(starLabel)).toEqual(["1 étoile sur 5", "2 étoiles sur 5", "5 étoiles sur 5"]);
  });

  it("names the status, and the refusal's published reason only when refused", () => {
    expect(statusLabel(review())).toBe("En attente de modération");
    expect(statusLabel(review({ status: "published" }))).toBe("Publié");
    const refused = review({ status: "refused", refusal_reason: "off_topic" });
    expect(statusLabel(refused)).toBe("Refusé");
    expect(refusalText(refused)).toBe(`Motif du refus : ${REFUSAL_REASONS.off_topic}.`);
    expect(refusalText(review({ refusal_reason: "off_topic" }))).toBeNull();
  });

  it("states the moderation delay the rules page promises", () => {
    expect(MODERATION_NOTICE).toBe(
      `Votre avis sera relu avant publication, sous ${MODERATION_DAYS} jours au plus.`,
    );
    expect(MODERATION_NOTICE).toContain("sous 5 jours au plus");
  });

  it("counts characters as typed, with the minimum until it is reached", () => {
    expect(characterCount("", TITLE_MAX)).toBe(`0 / ${TITLE_MAX} caractères`);
    expect(characterCount("Très bien", TEXT_MAX, TEXT_MIN)).toBe(`9 / ${TEXT_MAX} caractères (au moins 10)`);
    expect(characterCount("  Très bien !  ", TEXT_MAX, TEXT_MIN)).toBe(`11 / ${TEXT_MAX} caractères`);
    expect(characterCount("🌿🌿", TITLE_MAX)).toBe(`2 / ${TITLE_MAX} caractères`);
  });
});

describe("the form's checks", () => {
  it("starts with no rating and the shown name prefilled; an edit starts from the review", () => {
    expect(emptyDraft("Marie D.")).toEqual({ rating: null, title: "", text: "", shown_name: "Marie D." });
    expect(draftOf(review())).toEqual({
      rating: 4,
      title: "Très doux",
      text: "Il mousse bien et ne dessèche pas la peau.",
      shown_name: "Marie D.",
    });
  });

  it("gives the server's message for each field, the rating first", () => {
    const check = checkDraft({ rating: null, title: " ", text: "Court", shown_name: "" });
    expect(check).toEqual({
      ok: false,
      errors: {
        rating: "La note va de 1 à 5 étoiles.",
        title: "Le titre est obligatoire.",
        text: `Votre avis doit compter au moins ${TEXT_MIN} caractères.`,
        shown_name: "Le nom affiché est obligatoire.",
      },
    });
    if (!check.ok) expect(firstInvalid(check.errors)).toBe("rating");
    expect(firstInvalid({ text: "x", shown_name: "y" })).toBe("text");
    expect(firstInvalid({})).toBeNull();
  });

  it("refuses a title too long", () => {
    const check = checkDraft({ ...draftOf(review()), title: "a".repeat(TITLE_MAX + 1) });
    expect(check).toEqual({
      ok: false,
      errors: { title: `Le titre ne doit pas dépasser ${TITLE_MAX} caractères.` },
    });
  });

  it("sends the text as the shop keeps it", () => {
    expect(checkDraft({ ...draftOf(review()), title: "  Très   doux ", rating: 5 })).toEqual({
      ok: true,
      input: {
        rating: 5,
        title: "Très doux",
        text: "Il mousse bien et ne dessèche pas la peau.",
        shown_name: "Marie D.",
      },
    });
  });
});
