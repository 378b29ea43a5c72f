import { describe, expect, it } from "vitest";
import { guestUserId } from "../accounts/guest-account";
import {
  holdsMostOf,
  holdsUnpaid,
  UNPAID_UNITS_PER_PRODUCT,
  unpaidHoldMessage,
  unpaidHoldSubjects,
} from "./unpaid-holds";

const home = { country: "France", postal_code: "13001", address_line1: "5 rue du Four" };

describe("what unpaid orders may hold", () => {
  it("counts a guest's order under her e-mail and her delivery address, however typed", () => {
    const order = {
      user_id: guestUserId("lina@example.fr"),
      customer_email: "Lina@Example.fr ",
      shipping_address: home,
    };
    const retyped = { ...order, shipping_address: { ...home, address_line1: "5, Rue du  Four" } };
    expect(unpaidHoldSubjects(order)).toEqual(unpaidHoldSubjects(retyped));
    expect(unpaidHoldSubjects(order)).toHaveLength(2);
    expect(unpaidHoldSubjects(order)[0]).toBe("email:lina@example.fr");
    // Another e-mail to the same home meets her address's count, not her e-mail's.
    const other = unpaidHoldSubjects({ ...order, customer_email: "lena@example.fr" });
    expect(other[1]).toBe(unpaidHoldSubjects(order)[1]);
    expect(other[0]).not.toBe(unpaidHoldSubjects(order)[0]);
  });

  it("does not count a customer's order", () => {
    expect(
      unpaidHoldSubjects({ user_id: "01JABCDEF", customer_email: "lina@example.fr", shipping_address: home }),
    ).toEqual([]);
  });

  it("allows ten units of a product at once", () => {
    expect(UNPAID_UNITS_PER_PRODUCT).toBe(10);
  });

  it("tells the shopper what to do, naming the product and the limit, and nobody's orders", () => {
    expect(unpaidHoldMessage("Savon au lait d'ânesse")).toBe(
      "Les commandes non payées ne peuvent réserver plus de 10 « Savon au lait d'ânesse » par adresse e-mail et par " +
        "adresse de livraison. Réglez d'abord une commande en attente de paiement, ou commandez-en moins. Pour une " +
        "commande plus importante, écrivez-nous.",
    );
  });

  it.each([
    ["placed, awaiting payment", { status: "pending", payment_status: "pending" }, true],
    ["paid", { status: "confirmed", payment_status: "completed" }, false],
    ["cancelled", { status: "cancelled", payment_status: "failed" }, false],
    [
      "released, awaiting nothing",
      { status: "pending", payment_status: "pending", released_at: "2026-11-23" },
      false,
    ],
  ])("holds its units unpaid when %s: %s", (_, order, holds) => {
    expect(holdsUnpaid(order)).toBe(holds);
  });

  it.each([
    [6, 4, true],
    [5, 5, false],
    [1, 0, true],
    [3, 40, false],
  ])("an unpaid line of %i units with %i left holds most of the product: %s", (quantity, left, most) => {
    expect(holdsMostOf(quantity, left)).toBe(most);
  });
});
