/**
 * The owner's « Actualiser le suivi » (one order, or every open parcel): the French sentences that say what La Poste's
 * tracking changed. Pure: the service reads, records and counts (functions/shipping/tracking.ts).
 */

export interface TrackingCounts {
  asked: number;
  /** Orders whose tracking changed (delivered ones included). */
  updated: number;
  /** Orders moved to « Livrée » with the carrier's date. */
  delivered: number;
  /** Parcels La Poste could not tell about this time; asked again at the next run. */
  failed: number;
  /** Parcels not asked because the owner's refresh ran out of time; the schedule reads them. */
  left: number;
}

export const trackingRefreshMessages = {
  notTrackable:
    "Seule une commande expédiée par Colissimo, avec son numéro de suivi, a un suivi La Poste à lire.",
  alreadyDelivered: "Cette commande est déjà livrée : son suivi ne change plus.",
  noApiKey:
    "Le suivi La Poste n'est pas configuré : saisissez la clé d'API La Poste dans la carte « Colissimo » de Paramètres.",
  delivered: "Suivi actualisé : le colis est livré, la commande est passée à « Livrée ».",
  updated: "Suivi actualisé : nouvelles informations de La Poste enregistrées.",
  unchanged: "Suivi actualisé : rien de nouveau depuis la dernière lecture.",
  noParcel: "Aucun colis Colissimo en cours de livraison : rien à actualiser.",
} as const;

export function parcelRefreshMessage(outcome: { updated: boolean; delivered: boolean }): string {
  if (outcome.delivered) return trackingRefreshMessages.delivered;
  return outcome.updated ? trackingRefreshMessages.updated : trackingRefreshMessages.unchanged;
}

const parcels = (count: number) => `${count} colis`;

export function trackingRunMessage(run: TrackingCounts): string {
  if (run.asked === 0 && run.left === 0) return trackingRefreshMessages.noParcel;
  const sentences = [
    `${parcels(run.asked)} interrogé${run.asked > 1 ? "s" : ""} auprès de La Poste : ${run.updated} mis à jour${
      run.delivered ? `, dont ${run.delivered} livré${run.delivered > 1 ? "s" : ""}` : ""
    }.`,
  ];
  if (run.failed)
    sentences.push(
      `La Poste n'a pas répondu pour ${parcels(run.failed)} : ${run.failed > 1 ? "ils seront relus" : "il sera relu"} au prochain passage automatique.`,
    );
  if (run.left)
    sentences.push(
      `${parcels(run.left)} n'${run.left > 1 ? "ont" : "a"} pas pu être interrogé${run.left > 1 ? "s" : ""} à temps : le suivi automatique ${run.left > 1 ? "les" : "le"} lira à son prochain passage.`,
    );
  return sentences.join(" ");
}
