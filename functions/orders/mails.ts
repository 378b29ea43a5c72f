import { phoneToInput } from "../../src/domain/accounts/phone";
import { inertText } from "../../src/domain/mail/visitor-text";
import { eurosToCents, formatEuros } from "../../src/domain/money";
import { guestTrackingPath, guestWithdrawalPath } from "../../src/domain/orders/guest";
import {
  announcementLead,
  announcementText,
  type LineAnnouncement,
  orderItemAnnouncement,
} from "../../src/domain/orders/line-reduction";
import type { Order } from "../../src/domain/orders/order";
import { colissimoTrackingUrl, isColissimo } from "../../src/domain/orders/order-status";
import {
  type OrderPickupPoint,
  openingHoursLines,
  pickupAddressLines,
  pickupMessages,
} from "../../src/domain/orders/pickup-point";
import { withdrawalHref } from "../../src/domain/withdrawals/withdrawal";
import { buttonHtml, escapeHtml, layout, mediatorLines, type ShopMailContext } from "../mail/layout";
import type { InlineImage, Mail } from "../platform/adapters/mail";

/**
 * The order e-mails: the confirmation (with a transfer's instructions), « expédiée », a refund, and a guest's new link;
 * and the links every order e-mail carries (the order's page, the withdrawal form).
 */

/**
 * The withdrawal function's link, in every order e-mail (Code de la consommation L221-21: reachable during the whole
 * period): it opens the form on this order.
 */
export function withdrawalLine(siteUrl: string, orderId: string, guestToken?: string | null): string {
  return `Se rétracter du contrat ici : ${withdrawalUrl({ siteUrl, guestToken }, orderId)}`;
}

/**
 * The order's page as a mail links to it: the customer's tracking page (her session opens it), or for a guest order
 * the same page with the token of her link in the fragment (`#acces=`), the only way she has to it.
 */
export function orderPageUrl(
  context: Pick<ShopMailContext, "siteUrl" | "guestToken">,
  orderId: string,
): string {
  return context.guestToken
    ? `${context.siteUrl}${guestTrackingPath(orderId, context.guestToken)}`
    : `${context.siteUrl}/orders/track/${orderId}`;
}

/** The withdrawal form on the order, which a guest's link fills in for her (her order number and e-mail). */
export function withdrawalUrl(
  context: Pick<ShopMailContext, "siteUrl" | "guestToken">,
  orderId: string,
): string {
  return context.guestToken
    ? `${context.siteUrl}${guestWithdrawalPath(orderId, context.guestToken)}`
    : `${context.siteUrl}${withdrawalHref(orderId)}`;
}

/** What a guest is told of her link: it opens her order to whoever has it, and holds her invoices. */
export const GUEST_LINK_NOTICE =
  "Ce lien est personnel : ne le transférez pas. Vos factures se téléchargent depuis cette page une fois le paiement reçu.";

/** « Créer mon compte » for a guest: on her order's page, a password is all it asks. */
export const GUEST_ACCOUNT_OFFER = "Créer mon compte (un mot de passe suffit, sur la page de votre commande)";

export interface OrderMailContext extends ShopMailContext {
  bank?: { iban: string; bic: string; beneficiary: string; bank_name: string };
  /** The transfer's EPC QR code (services/transfer-mails.ts), shown beside the written instructions. */
  transferQr?: InlineImage | null;
}

/** What to pay, to whom, with which reference: the confirmation and the reminder of a transfer say the same. */
export function transferInstructionLines(
  order: Pick<Order, "total_amount" | "transfer_reference">,
  bank: NonNullable<OrderMailContext["bank"]>,
): string[] {
  return [
    `Pour régler votre commande, effectuez un virement de ${formatEuros(eurosToCents(order.total_amount))} :`,
    `IBAN : ${bank.iban}`,
    `BIC : ${bank.bic}`,
    `Bénéficiaire : ${bank.beneficiary}`,
    `Banque : ${bank.bank_name}`,
    `Référence à indiquer : ${order.transfer_reference}`,
    "Votre commande sera préparée dès réception du virement.",
  ];
}

/** The QR code in the HTML part, with words for whoever cannot see it (the text part keeps the instructions). */
export function transferQrHtml(image: InlineImage): string {
  return `<p style="margin:0 0 4px">Ou scannez ce QR code avec l'application de votre banque : bénéficiaire, IBAN, montant et référence se remplissent seuls.</p>
<p style="margin:0 0 16px"><img src="cid:${escapeHtml(image.cid)}" width="220" height="220" alt="QR code du virement (EPC) : mêmes bénéficiaire, IBAN, montant et référence que ci-dessus" style="display:block;border:0"></p>`;
}

/**
 * The legal guarantees in the order confirmation (Code de la consommation L217-3 to L217-20, Code civil 1641 to
 * 1649), pointing to the CGV's full notice (article 8).
 */
export function guaranteeLine(siteUrl: string): string {
  return `Garanties légales : vous bénéficiez de la garantie légale de conformité pendant deux ans à compter de la livraison (articles L217-3 à L217-20 du Code de la consommation) et de la garantie des vices cachés (articles 1641 à 1649 du Code civil). Le détail figure à l'article 8 de nos conditions générales de vente : ${siteUrl}/cgv#garanties`;
}

/** Delivery to a pick-up point: La Poste's « colis disponible » text goes to the mobile the customer gave. */
function pickupSmsLine(point: OrderPickupPoint): string {
  return `Vous recevrez un SMS au ${phoneToInput(point.phone)} dès que votre colis sera disponible.`;
}

/** Under a line charged under a reduction: its words, the reference struck through. */
function lineReductionHtml(words: LineAnnouncement): string {
  return `<br><span style="font-size:13px;color:#5b5b50">${escapeHtml(announcementLead(words))} <s>${escapeHtml(words.reference)}</s><br>${escapeHtml(words.mention)}</span>`;
}

/** Order confirmation: the summary, and for a bank transfer what to pay, to whom, with which reference. */
export function orderConfirmationMail(order: Order, context: OrderMailContext): Mail {
  const euros = (amount: number) => formatEuros(eurosToCents(amount));
  const number = order.order_number;
  const lines = order.items.map((item) => ({
    line: `${item.quantity} × ${item.product_name} — ${euros(item.total_price)}`,
    words: orderItemAnnouncement(item),
  }));
  const totals = [
    `Sous-total : ${euros(order.subtotal_amount)}`,
    `Livraison : ${order.shipping_amount === 0 ? "offerte" : euros(order.shipping_amount)}`,
    ...(order.promo_code
      ? [`Code promo ${order.promo_code.code} : −${euros(order.promo_code.discount_amount)}`]
      : []),
    `Total : ${euros(order.total_amount)}`,
  ];
  const summary = [
    ...lines.flatMap(({ line, words }) =>
      words ? [line, `  ${announcementText(words)}`, `  ${words.mention}`] : [line],
    ),
    ...totals,
  ];
  // What the shopper typed goes to whatever e-mail she gave: none of it may become a link in the mail.
  const typed = order.shipping_address;
  const a = {
    ...typed,
    first_name: inertText(typed.first_name),
    last_name: inertText(typed.last_name),
    address_line1: inertText(typed.address_line1),
    address_line2: typed.address_line2 ? inertText(typed.address_line2) : typed.address_line2,
    postal_code: inertText(typed.postal_code),
    city: inertText(typed.city),
  };
  const address = [
    `${a.first_name} ${a.last_name}`,
    a.address_line1,
    ...(a.address_line2 ? [a.address_line2] : []),
    `${a.postal_code} ${a.city}`,
    a.country,
  ];
  // An order for a pick-up point names the point, its hours and La Poste's text instead of the address.
  const point = order.delivery_mode === "pickup" ? order.pickup_point : null;
  const delivery: [string, string[]][] = point
    ? [
        [`${pickupMessages.pickupLabel} :`, pickupAddressLines(point)],
        ["Horaires d'ouverture :", openingHoursLines(point.opening_hours)],
      ]
    : [["Livraison à :", address]];
  const pickupNotes = point ? [`Colis au nom de ${a.first_name} ${a.last_name}`, pickupSmsLine(point)] : [];
  const transfer =
    order.payment_method === "bank_transfer" && context.bank
      ? transferInstructionLines(order, context.bank)
      : [];
  const qr = transfer.length ? context.transferQr : null;
  const intro = `Merci pour votre commande n° ${number} !`;
  const page = orderPageUrl(context, order.id);
  const guest = Boolean(context.guestToken);
  const follow = `Suivez-la à tout moment : ${page}`;
  const text = [
    intro,
    "",
    ...summary,
    "",
    ...delivery.flatMap(([title, lines]) => [title, ...lines]),
    ...pickupNotes,
    ...(transfer.length ? ["", ...transfer] : []),
    "",
    follow,
    ...(guest ? [GUEST_LINK_NOTICE, `${GUEST_ACCOUNT_OFFER} : ${page}`] : []),
    withdrawalLine(context.siteUrl, order.id, context.guestToken),
    "",
    guaranteeLine(context.siteUrl),
    ...mediatorLines(context),
    "",
    context.shopName,
  ].join("\n");
  const list = (items: string[]) =>
    `<ul style="padding-left:18px;margin:0 0 16px">${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>`;
  const summaryHtml = `<ul style="padding-left:18px;margin:0 0 16px">${[
    ...lines.map(({ line, words }) => `<li>${escapeHtml(line)}${words ? lineReductionHtml(words) : ""}</li>`),
    ...totals.map((total) => `<li>${escapeHtml(total)}</li>`),
  ].join("")}</ul>`;
  const html = `<!doctype html><html lang="fr"><body style="font-family:Georgia,serif;color:#2b2b24;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#4d5b2a">${escapeHtml(context.shopName)}</h1>
<p>${escapeHtml(intro)}</p>${summaryHtml}
${delivery.map(([title, lines]) => `<p style="margin:0 0 4px"><strong>${escapeHtml(title)}</strong></p>${list(lines)}`).join("")}${pickupNotes.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}
${transfer.length ? `<p style="margin:0 0 4px"><strong>Paiement par virement</strong></p>${list(transfer)}${qr ? transferQrHtml(qr) : ""}` : ""}
${guest ? `${buttonHtml({ label: "Suivre ma commande", url: page })}<p>${escapeHtml(GUEST_LINK_NOTICE)}</p><p><a href="${escapeHtml(page)}">${escapeHtml(GUEST_ACCOUNT_OFFER)}</a></p>` : `<p><a href="${escapeHtml(page)}">Suivre ma commande</a></p>`}
<p><a href="${escapeHtml(withdrawalUrl(context, order.id))}">Se rétracter du contrat ici</a></p>
${[guaranteeLine(context.siteUrl), ...mediatorLines(context)].map((line) => `<p style="font-size:13px;color:#5b5b50">${escapeHtml(line)}</p>`).join("")}</body></html>`;
  return {
    to: order.user.email,
    subject: `${context.shopName} — Confirmation de votre commande n° ${number}`,
    text,
    html,
    ...(qr && { inline: [qr] }),
  };
}

/** "Your order is on its way": carrier, tracking number, and La Poste's tracking link for Colissimo. */
export function shippedMail(order: Order, context: ShopMailContext): Mail {
  const number = order.order_number;
  const carrier = order.shipping_company || "notre transporteur";
  const tracking = order.tracking_number;
  const link = tracking && isColissimo(order.shipping_company) ? colissimoTrackingUrl(tracking) : null;
  const point = order.delivery_mode === "pickup" ? order.pickup_point : null;
  const lines = [
    `Bonne nouvelle : votre commande n° ${number} a été expédiée avec ${carrier}${point ? `, à retirer au point relais ${pickupAddressLines(point).join(", ")}` : ""}.`,
    ...(point ? [pickupSmsLine(point)] : []),
    ...(tracking ? [`Numéro de suivi : ${tracking}`] : []),
    ...(link ? [`Suivre sur Colissimo : ${link}`] : []),
    ...(order.estimated_delivery
      ? [
          `Livraison estimée : ${new Date(order.estimated_delivery).toLocaleDateString("fr-FR", {
            weekday: "long",
            day: "numeric",
            month: "long",
            year: "numeric",
            timeZone: "Europe/Paris",
          })}`,
        ]
      : []),
    `Le détail de votre commande : ${orderPageUrl(context, order.id)}`,
    withdrawalLine(context.siteUrl, order.id, context.guestToken),
    ...mediatorLines(context),
  ];
  // A guest has no account to find her order in: without La Poste's button, hers leads to her order's page.
  const action = link
    ? { label: "Suivre sur Colissimo", url: link }
    : context.guestToken
      ? { label: "Suivre ma commande", url: orderPageUrl(context, order.id) }
      : undefined;
  return {
    to: order.user.email,
    subject: `${context.shopName} — Votre commande n° ${number} est en route`,
    text: `Bonjour,\n\n${lines.join("\n")}\n\n${context.shopName}`,
    html: layout(context.shopName, ["Bonjour,", ...lines], action),
  };
}

/** A return refunded: what came back, the amount, how it is paid back, and the credit note on the order's page. */
export function refundMail(order: Order, refundId: string, context: ShopMailContext): Mail {
  const refund = order.refunds.find((entry) => entry.id === refundId);
  if (!refund) throw new Error(`Order ${order.id} has no refund ${refundId}`);
  const euros = (amount: number) => formatEuros(eurosToCents(amount));
  const number = order.order_number;
  const link = orderPageUrl(context, order.id);
  const lines = [
    `Nous avons bien reçu votre retour pour la commande n° ${number} :`,
    ...refund.lines.map((line) => `${line.quantity} × ${line.product_name}`),
    ...(refund.shipping_amount > 0 ? [`Frais de livraison : ${euros(refund.shipping_amount)}`] : []),
    refund.method === "paypal"
      ? `Nous vous avons remboursé ${euros(refund.amount)} sur votre compte PayPal ; le montant apparaît sous quelques jours selon votre banque.`
      : `Nous vous remboursons ${euros(refund.amount)} par virement, dans les 14 jours au plus tard.`,
    `L'avoir n° ${refund.credit_note_number} est disponible sur la page de votre commande : ${link}`,
    withdrawalLine(context.siteUrl, order.id, context.guestToken),
    ...mediatorLines(context),
  ];
  return {
    to: order.user.email,
    subject: `${context.shopName} — Remboursement de votre commande n° ${number}`,
    text: `Bonjour,\n\n${lines.join("\n")}\n\n${context.shopName}`,
    html: layout(context.shopName, ["Bonjour,", ...lines], { label: "Voir ma commande", url: link }),
  };
}

/**
 * The owner's « Envoyer un nouveau lien de suivi »: the guest's new link to her order, sent once every
 * earlier link was revoked, which the mail says so that an old one failing is no surprise.
 */
export function guestLinkMail(order: Order, context: ShopMailContext & { guestToken: string }): Mail {
  const number = order.order_number;
  const page = orderPageUrl(context, order.id);
  const lines = [
    `Voici votre nouveau lien pour suivre votre commande n° ${number} : ${page}`,
    "Les liens que nous vous avions envoyés auparavant pour cette commande ne fonctionnent plus : utilisez désormais celui-ci.",
    GUEST_LINK_NOTICE,
    withdrawalLine(context.siteUrl, order.id, context.guestToken),
    ...mediatorLines(context),
  ];
  return {
    to: order.user.email,
    subject: `Votre nouveau lien de suivi – commande n° ${number}`,
    text: `Bonjour,\n\n${lines.join("\n")}\n\n${context.shopName}`,
    html: layout(context.shopName, ["Bonjour,", ...lines], { label: "Suivre ma commande", url: page }),
  };
}
