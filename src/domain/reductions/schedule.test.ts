import { describe, expect, it } from "vitest";
import type { ReductionInput } from "./reduction";
import {
  holdsThePrice,
  type ProductReductions,
  reductionStatus,
  scheduleOnProduct,
  withdrawFromProduct,
} from "./schedule";

const NOW = new Date("2026-12-10T10:00:00.000Z");
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000).toISOString();

const soap = (over: Partial<ProductReductions> = {}): ProductReductions => ({
  id: 1,
  name: "Savon d'Alep 20 %",
  price_cents: 1000,
  created_at: days(-200),
  reductions: [],
  history: [{ id: "h0", price: 1000, from: days(-200), reason: "created" }],
  ...over,
});

const promotion = (from: number, to: number, percent = 20): ReductionInput => ({
  product_ids: [1],
  kind: "promotion",
  change: { type: "percent", percent },
  starts_at: days(from),
  ends_at: days(to),
});
let n = 0;
const ids = () => ({ reduction: `r${++n}`, startLine: `s${n}`, endLine: `e${n}` });

function scheduled(product: ProductReductions, input: ReductionInput, now = NOW) {
  const result = scheduleOnProduct(product, input, ids(), now);
  if ("refusals" in result) throw new Error(result.refusals.join(" "));
  const { reductions, add, remove } = result.outcome;
  return {
    ...product,
    reductions,
    history: [...product.history.filter((line) => !remove.includes(line)), ...add],
  };
}

describe("scheduling a reduction on a product", () => {
  it("writes its start and end lines and fixes its reference price", () => {
    const result = scheduleOnProduct(soap(), promotion(2, 9), ids(), NOW);
    expect(result).toEqual({
      outcome: {
        reductions: [expect.objectContaining({ price_cents: 800, reference_cents: 1000, kind: "promotion" })],
        add: [
          expect.objectContaining({ price: 800, from: days(2), reason: "reduction_start" }),
          expect.objectContaining({ price: 1000, from: days(9), reason: "reduction_end" }),
        ],
        remove: [],
      },
    });
  });

  it("refuses an overlap, naming the product", () => {
    const once = scheduled(soap(), promotion(2, 9));
    const result = scheduleOnProduct(once, promotion(8, 12), ids(), NOW);
    expect(result).toEqual({
      refusals: [expect.stringContaining("« Savon d'Alep 20 % » a déjà une réduction")],
    });
  });

  it("takes a step after a running reduction: the reference stays the price before the first step", () => {
    const first = scheduled(soap(), promotion(1, 5, 10));
    const steps = scheduled(first, promotion(5, 9, 30));
    expect(steps.reductions.map((r) => [r.price_cents, r.reference_cents])).toEqual([
      [900, 1000],
      [700, 1000],
    ]);
  });

  it("lowers a later reduction's reference when an earlier one is put inside its 30 days", () => {
    const later = scheduled(soap(), promotion(20, 25, 30));
    const both = scheduled(later, promotion(2, 6, 10));
    expect(both.reductions.map((r) => [r.starts_at, r.reference_cents])).toEqual([
      [days(2), 1000],
      [days(20), 900],
    ]);
  });

  it("refuses an earlier reduction that would leave a later one no reduction at all", () => {
    const later = scheduled(soap(), promotion(20, 25, 10));
    const result = scheduleOnProduct(later, promotion(2, 6, 20), ids(), NOW);
    expect(result).toEqual({
      refusals: [expect.stringContaining("ne serait plus inférieure à son prix de référence")],
    });
  });

  it("refuses a start already past", () => {
    const result = scheduleOnProduct(soap(), promotion(-1, 3), ids(), NOW);
    expect(result).toEqual({ refusals: ["Le début est passé : choisissez un début à venir."] });
  });

  it("waits 30 days after the first line of a product older than the history", () => {
    const recorded = soap({ history: [{ id: "h0", price: 1000, from: days(-10), reason: "recorded" }] });
    expect(scheduleOnProduct(recorded, promotion(2, 9), ids(), NOW)).toEqual({
      refusals: [
        expect.stringMatching(/ses prix ne sont connus que depuis le .* qu'à partir du 30 décembre 2026/),
      ],
    });
    expect(scheduleOnProduct(recorded, promotion(21, 25), ids(), NOW)).toHaveProperty("outcome");
  });

  it("refuses a product whose history is not yet written", () => {
    expect(scheduleOnProduct(soap({ history: [] }), promotion(2, 9), ids(), NOW)).toEqual({
      refusals: expect.arrayContaining([expect.stringContaining("n'a pas encore d'historique de prix")]),
    });
  });
});

describe("withdrawing a reduction", () => {
  it("cancels one not yet started: it and its lines go, a later one's reference rises back", () => {
    const later = scheduled(soap(), promotion(20, 25, 30));
    const both = scheduled(later, promotion(2, 6, 10));
    const first = both.reductions[0];
    const outcome = withdrawFromProduct(both, first?.id ?? "", "moved", NOW);
    expect(outcome?.remove.map((line) => line.reason)).toEqual(["reduction_start", "reduction_end"]);
    expect(outcome?.add).toEqual([]);
    expect(outcome?.reductions.map((r) => r.reference_cents)).toEqual([1000]);
  });

  it("stops a running one now: its end line moves to now", () => {
    const running = scheduled(soap(), promotion(1, 9));
    const later = new Date(days(3));
    const outcome = withdrawFromProduct(running, running.reductions[0]?.id ?? "", "moved", later);
    expect(outcome?.reductions[0]).toMatchObject({ ends_at: later.toISOString(), end_line: "moved" });
    expect(outcome?.add).toEqual([
      { id: "moved", price: 1000, from: later.toISOString(), reason: "reduction_end" },
    ]);
    expect(outcome?.remove.map((line) => line.from)).toEqual([days(9)]);
  });

  it("does nothing to one already over", () => {
    const over = scheduled(soap(), promotion(1, 2));
    expect(withdrawFromProduct(over, over.reductions[0]?.id ?? "", "moved", new Date(days(3)))).toBeNull();
  });
});

describe("a reduction's status", () => {
  it("is scheduled, running from its start, ended from its end; the owner's price is held until then", () => {
    const reduction = { starts_at: days(1), ends_at: days(2) };
    expect(reductionStatus(reduction, NOW)).toBe("scheduled");
    expect(reductionStatus(reduction, new Date(days(1)))).toBe("running");
    expect(reductionStatus(reduction, new Date(days(2)))).toBe("ended");
    const stored = {
      ...reduction,
      id: "r",
      kind: "promotion" as const,
      price_cents: 1,
      reference_cents: 2,
      start_line: "s",
      end_line: "e",
    };
    expect(holdsThePrice([stored], new Date(days(1.5)))).toBe(true);
    expect(holdsThePrice([stored], new Date(days(2)))).toBe(false);
  });
});
