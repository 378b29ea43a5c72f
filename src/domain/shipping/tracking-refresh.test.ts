import { describe, expect, it } from "vitest";
import { parcelRefreshMessage, trackingRefreshMessages, trackingRunMessage } from "./tracking-refresh";

const run = { asked: 0, updated: 0, delivered: 0, failed: 0, left: 0 };

describe("the owner's « Actualiser le suivi », in French", () => {
  it("says what one order's refresh changed", () => {
    expect(parcelRefreshMessage({ updated: true, delivered: true })).toBe(trackingRefreshMessages.delivered);
    expect(parcelRefreshMessage({ updated: true, delivered: false })).toBe(trackingRefreshMessages.updated);
    expect(parcelRefreshMessage({ updated: false, delivered: false })).toBe(
      trackingRefreshMessages.unchanged,
    );
  });

  it("counts a refresh of every open parcel, in agreement", () => {
    expect(trackingRunMessage(run)).toBe("Aucun colis Colissimo en cours de livraison : rien à actualiser.");
    expect(trackingRunMessage({ ...run, asked: 1 })).toBe(
      "1 colis interrogé auprès de La Poste : 0 mis à jour.",
    );
    expect(trackingRunMessage({ ...run, asked: 5, updated: 2, delivered: 1 })).toBe(
      "5 colis interrogés auprès de La Poste : 2 mis à jour, dont 1 livré.",
    );
    expect(trackingRunMessage({ ...run, asked: 5, updated: 3, delivered: 2, failed: 1 })).toBe(
      "5 colis interrogés auprès de La Poste : 3 mis à jour, dont 2 livrés. La Poste n'a pas répondu pour 1 colis : il sera relu au prochain passage automatique.",
    );
    expect(trackingRunMessage({ ...run, asked: 12, updated: 1, failed: 2, left: 4 })).toBe(
      "12 colis interrogés auprès de La Poste : 1 mis à jour. La Poste n'a pas répondu pour 2 colis : ils seront relus au prochain passage automatique. 4 colis n'ont pas pu être interrogés à temps : le suivi automatique les lira à son prochain passage.",
    );
    expect(trackingRunMessage({ ...run, asked: 3, left: 1 })).toMatch(
      /1 colis n'a pas pu être interrogé à temps : le suivi automatique le lira/,
    );
  });
});
