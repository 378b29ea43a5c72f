import { afterEach, describe, expect, it, vi } from "vitest";
import { readStoredCart, readStoredPromo } from "./stored-cart";

const soap = {
  id: 1,
  name: "Savon",
  price: "12.90",
  weight: "200 g",
  image: "/a.svg",
  quantity: 2,
  stock: 4,
};

/** A browser's storage holding `entries`, or one that refuses to be read (a private mode, a blocked origin). */
function storage(entries: Record<string, string> | "refused") {
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => {
      if (entries === "refused") throw new DOMException("denied", "SecurityError");
      return entries[key] ?? null;
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("the cart and the promo as the first paint reads them", () => {
  it("keeps the valid lines only, as the cart store does: the checkout reserves room for what it will show", () => {
    storage({ cart: JSON.stringify([soap, { id: 2, name: "sans prix" }, soap, "x"]) });
    expect(readStoredCart()).toEqual([soap]);
  });

  it("reads an unreadable, absent or refused storage as an empty cart and no promo", () => {
    storage({ cart: "{not json", applied_promo: "[" });
    expect(readStoredCart()).toEqual([]);
    expect(readStoredPromo()).toBeNull();
    storage({});
    expect(readStoredCart()).toEqual([]);
    storage("refused");
    expect(readStoredCart()).toEqual([]);
    expect(readStoredPromo()).toBeNull();
  });
});
