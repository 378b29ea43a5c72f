import { describe, expect, it } from "vitest";
import { expiringBatches, lowStockProducts } from "./stock";

describe("lowStockProducts", () => {
  it("lists active products at or below their threshold, fewest first", () => {
    const list = lowStockProducts([
      { id: 1, name: "At threshold", stock: 10, low_stock_threshold: 10, is_active: true },
      { id: 2, name: "Above", stock: 11, low_stock_threshold: 10, is_active: true },
      { id: 3, name: "Sold out", stock: 0, low_stock_threshold: 5, is_active: true },
      { id: 4, name: "Off sale", stock: 0, low_stock_threshold: 5, is_active: false },
    ]);
    expect(list.map((item) => item.product_id)).toEqual([3, 1]);
  });
});

describe("expiringBatches (60 days)", () => {
  // 10:00 Paris on 1 November 2026.
  const now = new Date("2026-11-01T09:00:00.000Z");
  const names = new Map([[7, "Savon d'Alep 25 %"]]);
  it("keeps batches with units left expiring within 60 days (day 60 included) or already expired", () => {
    const list = expiringBatches(
      [
        { product_id: 7, lot: "L60", expires_on: "2026-12-31", remaining: 4 },
        { product_id: 7, lot: "L61", expires_on: "2027-01-01", remaining: 4 },
        { product_id: 7, lot: "LPAST", expires_on: "2026-10-01", remaining: 1 },
        { product_id: 7, lot: "LEMPTY", expires_on: "2026-11-10", remaining: 0 },
        { product_id: 7, lot: "LPAO", expires_on: null, remaining: 9 },
        { product_id: 8, lot: "LTODAY", expires_on: "2026-11-01", remaining: 2 },
      ],
      names,
      now,
    );
    expect(list.map((batch) => [batch.lot, batch.days_left])).toEqual([
      ["LPAST", -31],
      ["LTODAY", 0],
      ["L60", 60],
    ]);
    expect(list[0]?.product_name).toBe("Savon d'Alep 25 %");
    expect(list[1]?.product_name).toBe("Produit 8");
  });

  it("counts from the Paris day, not the UTC one", () => {
    // 00:30 Paris on 2 November is still 1 November in UTC.
    const late = new Date("2026-11-01T23:30:00.000Z");
    const [batch] = expiringBatches(
      [{ product_id: 7, lot: "L", expires_on: "2027-01-01", remaining: 1 }],
      names,
      late,
    );
    expect(batch?.days_left).toBe(60);
  });
});
