import { describe, expect, it } from "vitest";
import {
  colissimoTrackingUrl,
  isColissimo,
  orderNumber,
  orderPaymentLabel,
  orderStatusLabel,
  orderStatusTone,
  paymentMethodLabel,
  paymentStatusLabel,
} from "./order-status";

describe("labels (spec section 4)", () => {
  it.each([
    ["pending", "En attente"],
    ["confirmed", "Confirmée"],
    ["shipped", "Expédiée"],
    ["delivered", "Livrée"],
    ["cancelled", "Annulée"],
    ["lost", "Inconnu"],
    [null, "Inconnu"],
    ["toString", "Inconnu"],
  ])("order status %j -> %s", (status, label) => {
    expect(orderStatusLabel(status)).toBe(label);
  });

  it.each([
    ["completed", "Payé"],
    ["pending", "En attente"],
    ["failed", "Échoué"],
    ["weird", "Inconnu"],
  ])("payment status %j -> %s", (status, label) => {
    expect(paymentStatusLabel(status)).toBe(label);
  });

  it.each([
    ["paypal", "PayPal"],
    ["bank_transfer", "Virement"],
    ["", "Non spécifié"],
    [undefined, "Non spécifié"],
  ])("payment method %j -> %s", (method, label) => {
    expect(paymentMethodLabel(method)).toBe(label);
  });

  it("gives each status a tone", () => {
    expect(orderStatusTone("delivered")).toBe("success");
    expect(orderStatusTone("cancelled")).toBe("danger");
    expect(orderStatusTone("x")).toBe("neutral");
  });
});

describe("order number and carrier", () => {
  it("shows the last 8 characters of the id", () => {
    expect(orderNumber("01JD8Z3K4M5N6P7Q8R9S0T1V2W")).toBe("S0T1V2W".padStart(8, "9"));
  });
  it.each([
    ["Colissimo", true],
    ["La Poste - colissimo suivi", true],
    ["Chronopost", false],
    [null, false],
  ])("%j is Colissimo: %s", (carrier, expected) => {
    expect(isColissimo(carrier)).toBe(expected);
  });
  it("links to La Poste's tracking page", () => {
    expect(colissimoTrackingUrl("6A 123")).toBe(
      "https://www.laposte.fr/outils/suivre-vos-envois?code=6A%20123",
    );
  });
});

describe("orderPaymentLabel", () => {
  it.each([
    [
      { status: "cancelled", payment_status: "completed" },
      "Remboursement à effectuer",
      "Remboursement en cours",
    ],
    [{ status: "cancelled", payment_status: "refunded" }, "Remboursé", "Remboursé"],
    [{ status: "cancelled", payment_status: "failed" }, "Échoué", "Échoué"],
    [{ status: "confirmed", payment_status: "completed" }, "Payé", "Payé"],
    [{ status: "pending", payment_status: "pending" }, "En attente", "En attente"],
  ])("%o: owner '%s', customer '%s'", (order, owner, customer) => {
    expect(orderPaymentLabel(order, "owner")).toBe(owner);
    expect(orderPaymentLabel(order, "customer")).toBe(customer);
  });
});
