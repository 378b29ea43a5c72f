import { parisDay } from "../paris-time";

/**
 * GDPR art. 15, 17, 20, self-service (docs/decisions/017-personal-data.md). Invoices stay as issued for 10 years (Code
 * de commerce L123-22; GDPR art. 17(3)(b)); their orders keep nothing that identifies the person.
 */

export const ERASED_CUSTOMER_NAME = "Client supprimé";

/** The country stays: it says where goods went. */
export function erasedShippingAddress(country: string) {
  return {
    first_name: "",
    last_name: "",
    phone: "",
    address_line1: "",
    address_line2: "",
    city: "",
    postal_code: "",
    country,
  };
}

export const ERASED_ORDER_FIELDS = [
  "order_notes",
  "transfer_sender_name",
  "paypal_payer_id",
  "shipping_label_key",
  "pickup_point",
] as const;

export interface OrderForErasure {
  order_number: string;
  status: string;
  refunds?: readonly { status: string }[] | null | undefined;
  withdrawal_pending?: boolean;
}

/** An order on its way needs the address and e-mail; a refund by transfer needs the customer reachable. */
export function erasureBlocker(
  orders: readonly OrderForErasure[],
  whose: "account" | "guest" = "account",
): string | null {
  const cannot =
    whose === "account"
      ? "Votre compte ne peut pas être supprimé"
      : "Vos données ne peuvent pas encore être effacées";
  const later = whose === "account" ? "vous pourrez le supprimer" : "vous pourrez les effacer";
  const open = orders.filter((order) => ["pending", "confirmed", "shipped"].includes(order.status));
  if (open.length > 0) {
    const numbers = open.map((order) => `n° ${order.order_number}`).join(", ");
    return `${cannot} tant qu'une commande est en cours (${numbers}) : ${later} une fois la commande livrée ou annulée.`;
  }
  const withdrawing = orders.filter((order) => order.withdrawal_pending);
  if (withdrawing.length > 0) {
    const numbers = withdrawing.map((order) => `n° ${order.order_number}`).join(", ");
    return `${cannot} tant qu'une rétractation attend son retour ou son remboursement (${numbers}) : ${later} une fois remboursé.`;
  }
  const refunding = orders.filter((order) => (order.refunds ?? []).some((refund) => refund.status === "due"));
  if (refunding.length > 0) {
    const numbers = refunding.map((order) => `n° ${order.order_number}`).join(", ");
    return `${cannot} tant qu'un remboursement vous est dû (${numbers}) : ${later} une fois le virement reçu.`;
  }
  return null;
}

export function exportFileName(at: Date): string {
  return `mes-donnees-${parisDay(at)}.zip`;
}

export function exportTitle(shopName: string, at: Date): string {
  const when = at.toLocaleString("fr-FR", {
    timeZone: "Europe/Paris",
    dateStyle: "long",
    timeStyle: "short",
  });
  return `Vos données chez ${shopName}, exportées le ${when} (heure de Paris).`;
}

export function exportReadme(shopName: string, at: Date, documents: readonly string[]): string {
  return [
    exportTitle(shopName, at),
    "",
    "donnees.json : votre compte (e-mail, nom, téléphone, date de création), vos adresses, vos commandes avec leur",
    "suivi et leurs remboursements, et vos demandes de rétractation, dans un format lisible par une machine",
    "(RGPD, articles 15 et 20), ainsi que vos demandes d'alerte de retour en stock faites avec cette adresse, vos avis",
    "sur nos produits (avec leur état et leurs dates) et, le cas échéant, votre refus des invitations à donner un avis.",
    documents.length > 0
      ? `factures/ : ${documents.length} document(s) PDF, vos factures et avoirs tels qu'ils ont été émis.`
      : "Aucune facture ni aucun avoir n'a encore été émis pour vos commandes.",
    "",
    "Votre choix sur la mesure d'audience (cookies) n'est conservé que dans votre navigateur : il n'est pas chez nous.",
    "Les conditions générales de vente sont acceptées à chaque commande ; elles ne sont pas liées à votre compte.",
    "",
    "Pour supprimer votre compte : page « Mon Profil », « Supprimer mon compte ».",
  ].join("\n");
}
