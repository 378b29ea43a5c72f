import { describe, expect, it } from "vitest";
import {
  canCreateLabel,
  canRefreshTracking,
  dayLabelsFailureMessage,
  labelCreatedMessage,
  labelFailureMessage,
} from "./admin-labels";
import { labelRefusal } from "./shipping-labels";

describe("« Créer l'étiquette »", () => {
  const paid = { status: "confirmed", payment_status: "completed", has_shipping_label: false } as const;

  it.each([
    [paid, true, true],
    [paid, false, false],
    [{ ...paid, has_shipping_label: true }, true, false],
    [{ ...paid, status: "pending", payment_status: "pending" }, true, false],
    [{ ...paid, payment_status: "pending" }, true, false],
    [{ ...paid, status: "shipped" }, true, false],
    [{ ...paid, status: "delivered" }, true, false],
    [{ ...paid, status: "cancelled" }, true, false],
    [{ ...paid, payment_status: "refunded" }, true, false],
  ] as const)("is offered for %j, Colissimo configured %s: %s", (order, configured, offered) => {
    expect(canCreateLabel(order, configured)).toBe(offered);
    // Never offered for an order the server would refuse.
    if (offered) expect(labelRefusal(order)).toBeNull();
  });
});

describe("what the owner reads", () => {
  it("after the label: the carrier and the tracking number", () => {
    expect(labelCreatedMessage({ shipping_company: "Colissimo", tracking_number: "6A12345678903" })).toBe(
      "Étiquette créée : commande expédiée par Colissimo, suivi n° 6A12345678903. Le client a reçu son numéro de suivi.",
    );
  });

  it("after a refusal: the API's French message as it is", () => {
    const message = "Colissimo a refusé l'étiquette : Le code postal du destinataire est incorrect.";
    expect(labelFailureMessage({ status: 422, code: "CARRIER_REFUSED", message })).toBe(message);
  });

  it.each([
    [0, "Network error", /^La boutique ne répond pas/],
    [502, "HTTP 502", /^La création de l'étiquette n'a pas abouti/],
  ])(
    "without the API's message (%i %j): a French sentence, never the technical one",
    (status, message, said) => {
      expect(labelFailureMessage({ status, message })).toMatch(said);
    },
  );
});

describe("dayLabelsFailureMessage", () => {
  it("says in French that no label was made today, or why the PDF did not come", () => {
    expect(
      dayLabelsFailureMessage({
        status: 404,
        code: "NOT_FOUND",
        message: "Aucune étiquette créée le 2 janvier 2020.",
      }),
    ).toBe("Aucune étiquette n'a été créée aujourd'hui.");
    expect(
      dayLabelsFailureMessage({
        status: 503,
        code: "UNAVAILABLE",
        message: "Service momentanément indisponible.",
      }),
    ).toBe("Service momentanément indisponible.");
    expect(dayLabelsFailureMessage({ status: 0, message: "" })).toMatch(
      /^Les étiquettes du jour n'ont pas pu/,
    );
  });
});

describe("« Actualiser le suivi »", () => {
  const onItsWay = {
    status: "shipped",
    shipping_company: "Colissimo",
    tracking_number: "6A12345678901",
  } as const;

  it.each([
    [onItsWay, true, true],
    [onItsWay, false, false],
    [{ ...onItsWay, shipping_company: "colissimo suivi" }, true, true],
    [{ ...onItsWay, shipping_company: "Chronopost" }, true, false],
    [{ ...onItsWay, tracking_number: "" }, true, false],
    [{ ...onItsWay, tracking_number: "6A-123" }, true, false],
    [{ ...onItsWay, status: "delivered" }, true, false],
    [{ ...onItsWay, status: "confirmed" }, true, false],
  ] as const)("is offered for %j, La Poste's key given %s: %s", (order, configured, offered) => {
    expect(canRefreshTracking(order, configured)).toBe(offered);
  });
});
