import { describe, expect, it } from "vitest";
import { REFERENCE_MENTION } from "../reductions/reduction";
import {
  announcementText,
  lineAnnouncement,
  lineReductionView,
  orderItemAnnouncement,
} from "./line-reduction";

const MENTION = "Prix de référence : le prix le plus bas des 30 jours précédant la réduction";

describe("an order line's reduction", () => {
  it("is announced with the price charged, the reference, its mention, the word and the percentage rounded down", () => {
    expect(lineAnnouncement(899, { kind: "soldes", reference_cents: 1000 })).toEqual({
      label: "Soldes",
      percent: "-10\u00a0%",
      price: "8,99\u00a0€",
      reference: "10,00\u00a0€",
      mention: MENTION,
    });
    expect(lineAnnouncement(1000, { kind: "promotion", reference_cents: 1250 })).toMatchObject({
      label: "Promotion",
      percent: "-20\u00a0%",
    });
    expect(REFERENCE_MENTION).toBe(MENTION);
  });

  it.each([
    ["no reduction", 1000, undefined],
    ["a reference equal to the price", 1000, { kind: "soldes" as const, reference_cents: 1000 }],
    ["a reference under the price", 1000, { kind: "promotion" as const, reference_cents: 900 }],
    ["less than 1 % off", 995, { kind: "soldes" as const, reference_cents: 1000 }],
  ])("announces nothing for %s", (_case, price, reduction) => {
    expect(lineAnnouncement(price, reduction)).toBeNull();
    expect(lineReductionView(price, reduction)).toBeUndefined();
  });

  it("is answered by the order API in euros, with the whole percentage off", () => {
    expect(lineReductionView(899, { kind: "soldes", reference_cents: 1000 })).toEqual({
      kind: "soldes",
      reference: 10,
      percent: 10,
    });
    expect(lineReductionView(2667, { kind: "promotion", reference_cents: 3490 })).toEqual({
      kind: "promotion",
      reference: 34.9,
      percent: 23,
    });
  });

  it("reads the same words from the API's item as from the stored line", () => {
    const stored = { kind: "promotion" as const, reference_cents: 3490 };
    const view = lineReductionView(2667, stored);
    expect(orderItemAnnouncement({ unit_price: 26.67, reduction: view })).toEqual(
      lineAnnouncement(2667, stored),
    );
    expect(orderItemAnnouncement({ unit_price: 26.67 })).toBeNull();
    expect(orderItemAnnouncement({ unit_price: 26.67, reduction: null })).toBeNull();
  });

  it("reads as one line where nothing can be struck through", () => {
    const words = lineAnnouncement(1000, { kind: "soldes", reference_cents: 1250 });
    expect(words && announcementText(words)).toBe("Soldes -20\u00a0% : 10,00\u00a0€ au lieu de 12,50\u00a0€");
  });
});
