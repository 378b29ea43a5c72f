import { describe, expect, it } from "vitest";
import type { Cart } from "./cart";
import { type CatalogEntry, syncCartWithCatalog } from "./cart-sync";

const product = (id: number, overrides: Partial<CatalogEntry> = {}): CatalogEntry => ({
  id,
  name: `Savon ${id}`,
  price: 6.9,
  weight: "200g",
  image: `/images/${id}.jpg`,
  stock: 50,
  is_active: true,
  ...overrides,
});

const item = (id: number, quantity: number, overrides = {}) => ({
  id,
  name: `Savon ${id}`,
  price: "6.90",
  weight: "200g",
  image: `/images/${id}.jpg`,
  quantity,
  stock: 50,
  ...overrides,
});

describe("syncCartWithCatalog", () => {
  it("returns the same cart when nothing changed", () => {
    const cart: Cart = [item(1, 2)];
    const result = syncCartWithCatalog(cart, [product(1), product(2)]);
    expect(result.cart).toBe(cart);
    expect(result.changes).toEqual([]);
  });

  it("takes the live price and stock, and brings a quantity down to the stock", () => {
    const cart: Cart = [item(1, 6), item(2, 1)];
    const result = syncCartWithCatalog(cart, [
      product(1, { stock: 4 }),
      product(2, { price: 7.5, stock: 9 }),
    ]);
    expect(result.cart).toEqual([item(1, 4, { stock: 4 }), item(2, 1, { price: "7.50", stock: 9 })]);
    expect(result.changes).toEqual([
      { kind: "quantity", name: "Savon 1", quantity: 4 },
      { kind: "price", name: "Savon 2", price: "7.50" },
    ]);
  });

  it("removes products no longer sold or out of stock", () => {
    const cart: Cart = [item(1, 1), item(2, 1), item(3, 1)];
    const result = syncCartWithCatalog(cart, [product(2, { stock: 0 }), product(3, { is_active: false })]);
    expect(result.cart).toEqual([]);
    expect(result.changes.map((change) => change.kind)).toEqual(["removed", "removed", "removed"]);
  });

  it("updates a renamed product silently", () => {
    const cart: Cart = [item(1, 1)];
    const result = syncCartWithCatalog(cart, [product(1, { name: "Savon renommé" })]);
    expect(result.cart[0]?.name).toBe("Savon renommé");
    expect(result.changes).toEqual([]);
  });
});

describe("syncCartWithCatalog under a reduction", () => {
  const promotion = {
    kind: "promotion" as const,
    reference: 8.9,
    percent: 22,
    ends_at: "2026-12-31T23:00:00.000Z",
  };

  it("takes the reduced price in force with the reduction it is announced with", () => {
    const result = syncCartWithCatalog(
      [item(1, 2, { price: "8.90" })],
      [product(1, { reduction: promotion })],
    );
    expect(result.cart).toEqual([item(1, 2, { reduction: { kind: "promotion", reference: 8.9 } })]);
    expect(result.changes).toEqual([{ kind: "price", name: "Savon 1", price: "6.90" }]);
  });

  it("drops the announcement with the reduction's end, and announces « Soldes » as they start", () => {
    const ended = syncCartWithCatalog(
      [item(1, 1, { reduction: { kind: "promotion", reference: 8.9 } })],
      [product(1, { price: 8.9, reduction: null })],
    );
    expect(ended.cart).toEqual([item(1, 1, { price: "8.90" })]);
    expect(ended.changes).toEqual([{ kind: "price", name: "Savon 1", price: "8.90" }]);

    const soldes = { ...promotion, kind: "soldes" as const };
    const started = syncCartWithCatalog([item(1, 1)], [product(1, { reduction: soldes })]);
    expect(started.cart[0]?.reduction).toEqual({ kind: "soldes", reference: 8.9 });
  });
});
