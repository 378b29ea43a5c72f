import { parisDay } from "../paris-time";

/**
 * The customer's rights over their data, self-service (GDPR art. 15 access, art. 20 portability, art. 17 erasure):
 * what an erased account leaves behind, and when erasure must wait. Pure. Why: docs/decisions/017-personal-data.md.
 *
 * Accounting records stay: invoices and credit notes are kept as issued for 10 years (Code de commerce L123-22;
 * GDPR art. 17(3)(b), a legal obligation), and the orders they belong to keep what the books need (amounts, lines,
 * dates, payment) but nothing that identifies the person (name, e-mail, delivery address, phone, notes, payer id).
 */

/** What an erased customer's orders say instead of their name. */
export const ERASED_CUSTOMER_NAME = "Client supprimé";

/** The personal fields of an order once its customer is erased (the country stays: it says where goods went). */
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

/** Order fields that identify the customer and are removed on erasure. */
export const ERASED_ORDER_FIELDS = [
  "order_notes",
  "transfer_sender_name",
  "paypal_payer_id",
  // The Colissimo label's PDF, removed from the documents storage with the account.
  "shipping_label_key",
  // The pick-up point she chose and her mobile: the point says where she collects her parcels.
  "pickup_point",
] as const;

export interface OrderForErasure {
  order_number: string;
  status: string;
  refunds?: readonly { status: string }[] | null | undefined;
  /** A withdrawal of this order still awaits its return or its refund (src/domain/withdrawals/withdrawal.ts). */
  withdrawal_pending?: boolean;
}

/**
 * Why the account cannot be erased now, in French, or null. An order still on its way (not yet delivered, nor
 * cancelled) needs the delivery address and the e-mail; a refund still to be sent by transfer needs the customer
 * to be reachable.
 */
export function erasureBlocker(
  orders: readonly OrderForErasure[],
  /** Whose data: a customer's account, or a guest's orders, who has no account to delete. */
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

/** "mes-donnees-2026-11-24.zip": the export's file name, dated in Paris. */
export function exportFileName(at: Date): string {
  return `mes-donnees-${parisDay(at)}.zip`;
}

/** The French notice at the root of the export: what each file holds and what is kept where. */
/** The first line of an export's notice: whose shop, and when (Paris time). */
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
    "(RGPD, articles 15 et 20), ainsi que vos demandes d'alerte de retour en stock faites avec cette adresse.",
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
