import { describe, expect, it } from "vitest";
import { type StuckParcel, stuckParcelView } from "./stuck-parcels";

const parcel: StuckParcel = {
  order_id: "01KBQ9ZJ4M5N6P7Q8R9S0T1V2W",
  order_number: "0T1V2W",
  customer: "Inès Garnier",
  tracking_number: "6A12345678901",
  carrier: "Colissimo",
  last_news_at: "2026-11-18T09:00:00.000Z",
  days_without_news: 10,
  last_event: "Votre colis a été déposé dans un point postal.",
};

describe("stuckParcelView", () => {
  it("says what was last heard, when (Paris), for how long, and links to La Poste's tracking page", () => {
    expect(stuckParcelView(parcel)).toEqual({
      parcel: "Colissimo · suivi n° 6A12345678901",
      lastNews: "Dernier événement le 18/11/2026 10:00 : Votre colis a été déposé dans un point postal.",
      since: "Sans nouvelles depuis 10 jours",
      trackingUrl: "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901",
    });
  });

  it("counts from the shipping when the carrier has said nothing", () => {
    const view = stuckParcelView({
      ...parcel,
      last_event: null,
      last_news_at: "2026-07-01T20:30:00.000Z",
      days_without_news: 7,
    });
    expect(view.lastNews).toBe("Expédiée le 01/07/2026 22:30 : aucun événement du transporteur depuis.");
    expect(view.since).toBe("Sans nouvelles depuis 7 jours");
  });

  it.each([
    ["Chronopost", null],
    ["colissimo", "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901"],
  ])("links to laposte.fr for Colissimo only (%s)", (carrier, url) => {
    expect(stuckParcelView({ ...parcel, carrier }).trackingUrl).toBe(url);
  });

  it("names a parcel without a tracking number by its carrier alone", () => {
    expect(
      stuckParcelView({ ...parcel, carrier: "Transporteur non renseigné", tracking_number: "" }),
    ).toMatchObject({
      parcel: "Transporteur non renseigné",
      trackingUrl: null,
    });
  });
});
