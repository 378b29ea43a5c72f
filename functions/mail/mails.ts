import { phoneToInput } from "../../src/domain/accounts/phone";
import { inertText } from "../../src/domain/mail/visitor-text";
import { eurosToCents, formatEuros } from "../../src/domain/money";
import { guestTrackingPath, guestWithdrawalPath } from "../../src/domain/orders/guest";
import type { Order } from "../../src/domain/orders/order";
import { colissimoTrackingUrl, isColissimo, orderNumber } from "../../src/domain/orders/order-status";
import {
  type OrderPickupPoint,
  openingHoursLines,
  pickupAddressLines,
  pickupMessages,
} from "../../src/domain/shipping/pickup-point";
import { parisDateTime, withdrawalHref } from "../../src/domain/withdrawals/withdrawal";
import type { WithdrawalRecord } from "../../src/domain/withdrawals/withdrawal-schemas";
import type { InlineImage, Mail } from "../platform/adapters/mail";

/**
 * Escapes text for the HTML part of a mail. A word joiner (visitor text made inert, src/domain/mail/visitor-text.ts)
 * stays, and the character after it gets an element of its own: clients that drop invisible characters still see
 * no address or number across two elements.
 */
export function escapeHtml(text: string): string {
  const entity = (char: string) => char.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return text.replace(/\u2060([^\u2060])|[&<>"']/gu, (match, joined?: string) =>
    joined === undefined ? entity(match) : `&#8288;<span>${entity(joined)}</span>`,
  );
}

/** « Bonjour <name>, »: the name is the one its holder typed, so it is made inert (it never becomes a link). */
export function greetingLine(fullName: string | null | undefined): string {
  return fullName ? `Bonjour ${inertText(fullName)},` : "Bonjour,";
}

export function layout(
  shopName: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const button = action ? buttonHtml(action) : "";
  return `<!doctype html><html lang="fr"><body style="font-family:Georgia,serif;color:#2b2b24;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#4d5b2a">${escapeHtml(shopName)}</h1>${body}${button}</body></html>`;
}

/**
 * The withdrawal function's link, in every order e-mail (Code de la consommation L221-21: reachable during the whole
 * period): it opens the form on this order.
 */
export function withdrawalLine(siteUrl: string, orderId: string, guestToken?: string | null): string {
  return `Se rétracter du contrat ici : ${withdrawalUrl({ siteUrl, guestToken }, orderId)}`;
}

/**
 * The order's page as a mail links to it: the customer's tracking page (her session opens it), or for a guest order
 * (issue 32) the same page with the token of her link in the fragment (`#acces=`), the only way she has to it.
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

/** What a guest is told of her link (issue 32): it opens her order to whoever has it, and holds her invoices. */
export const GUEST_LINK_NOTICE =
  "Ce lien est personnel : ne le transférez pas. Vos factures se téléchargent depuis cette page une fois le paiement reçu.";

/** « Créer mon compte » for a guest (issue 32): on her order's page, a password is all it asks. */
export const GUEST_ACCOUNT_OFFER = "Créer mon compte (un mot de passe suffit, sur la page de votre commande)";

/** The HTML part's button (the same as layout's). */
function buttonHtml(action: { label: string; url: string }): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4d5b2a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`;
}

export function resetPasswordMail(to: string, shopName: string, fullName: string, link: string): Mail {
  const greeting = greetingLine(fullName);
  const paragraphs = [
    greeting,
    `Vous avez demandé à réinitialiser le mot de passe de votre compte ${shopName}.`,
    "Ce lien est valable 60 minutes et ne peut servir qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez simplement ce message : votre mot de passe reste inchangé.",
  ];
  return {
    to,
    subject: `${shopName} — Réinitialisation de votre mot de passe`,
    text: `${paragraphs.slice(0, 2).join("\n\n")}\n\nChoisissez un nouveau mot de passe ici :\n${link}\n\n${paragraphs[2]}\n\n${shopName}`,
    html: layout(shopName, paragraphs, { label: "Choisir un nouveau mot de passe", url: link }),
  };
}

/**
 * Sign-in locked (issue 28, item 1): sent once per lock (a conditional write decides: services/auth.ts), with a
 * reset link. It says what happened and what the link does, and that nothing is needed if the holder made the tries.
 */
export function signinLockedMail(to: string, shopName: string, fullName: string, link: string): Mail {
  const greeting = greetingLine(fullName);
  const paragraphs = [
    greeting,
    `Plusieurs tentatives de connexion à votre compte ${shopName} ont échoué (mot de passe incorrect) : par précaution, la connexion est momentanément bloquée depuis l'adresse d'où elles venaient, ou partout si elles venaient de nombreuses adresses.`,
    "Si ce n'était pas vous, quelqu'un essaie peut-être de deviner votre mot de passe. Choisissez-en un nouveau avec le lien ci-dessous : il lève aussitôt le blocage. Ce lien est valable 60 minutes et ne peut servir qu'une fois.",
    "Si c'était vous, vous pouvez aussi simplement attendre un quart d'heure, ou utiliser ce lien si vous avez oublié votre mot de passe.",
  ];
  return {
    to,
    subject: `${shopName} — Connexion bloquée après plusieurs échecs`,
    text: `${paragraphs.slice(0, 3).join("\n\n")}\n\nChoisir un nouveau mot de passe :\n${link}\n\n${paragraphs[3]}\n\n${shopName}`,
    html: layout(shopName, paragraphs, { label: "Choisir un nouveau mot de passe", url: link }),
  };
}

/** What every order e-mail says of the shop: its name, its address on the web, its consumer mediator. */
export interface ShopMailContext {
  shopName: string;
  siteUrl: string;
  /** The consumer mediator (L616-1), once the owner has named it (src/domain/settings/settings.ts consumerMediator). */
  mediator?: { name: string; url: string } | null;
  /** The shop's postal address (company setting), where goods are sent back; empty while not given. */
  address?: string;
  /**
   * A guest order's link token (issue 32), minted by the server for this mail; null or absent for a customer's
   * order. Its order mails then link to the guest's tracking page and withdrawal form instead of the account's.
   */
  guestToken?: string | null;
}

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

/** Code de la consommation L616-1: the mediator's name and website in the order e-mails, once it is named. */
export function mediatorLines(context: ShopMailContext): string[] {
  const { mediator } = context;
  return mediator
    ? [
        `En cas de litige, après une réclamation écrite auprès de nous, vous pouvez recourir gratuitement au médiateur de la consommation : ${mediator.name} (${mediator.url}).`,
      ]
    : [];
}

/**
 * The legal guarantees in the order confirmation (Code de la consommation L217-3 to L217-20, Code civil 1641 to
 * 1649), pointing to the CGV's full notice (article 8).
 */
export function guaranteeLine(siteUrl: string): string {
  return `Garanties légales : vous bénéficiez de la garantie légale de conformité pendant deux ans à compter de la livraison (articles L217-3 à L217-20 du Code de la consommation) et de la garantie des vices cachés (articles 1641 à 1649 du Code civil). Le détail figure à l'article 8 de nos conditions générales de vente : ${siteUrl}/cgv#garanties`;
}

/** Delivery to a pick-up point (issue 31): La Poste's « colis disponible » text goes to the mobile the customer gave. */
function pickupSmsLine(point: OrderPickupPoint): string {
  return `Vous recevrez un SMS au ${phoneToInput(point.phone)} dès que votre colis sera disponible.`;
}

/** Order confirmation: the summary, and for a bank transfer what to pay, to whom, with which reference. */
export function orderConfirmationMail(order: Order, context: OrderMailContext): Mail {
  const euros = (amount: number) => formatEuros(eurosToCents(amount));
  const number = order.order_number;
  const lines = order.items.map(
    (item) => `${item.quantity} × ${item.product_name} — ${euros(item.total_price)}`,
  );
  const summary = [
    ...lines,
    `Sous-total : ${euros(order.subtotal_amount)}`,
    `Livraison : ${order.shipping_amount === 0 ? "offerte" : euros(order.shipping_amount)}`,
    ...(order.promo_code
      ? [`Code promo ${order.promo_code.code} : −${euros(order.promo_code.discount_amount)}`]
      : []),
    `Total : ${euros(order.total_amount)}`,
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
  // Issue 31: an order for a pick-up point names the point, its hours and La Poste's text instead of the address.
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
  const html = `<!doctype html><html lang="fr"><body style="font-family:Georgia,serif;color:#2b2b24;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#4d5b2a">${escapeHtml(context.shopName)}</h1>
<p>${escapeHtml(intro)}</p>${list(summary)}
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
 * Where to send the goods back: the address itself, from the settings (issue 28 item 14: no pointer to a text that
 * may not show it); without one, the customer is told to ask for it by answering the mail.
 */
function returnLine(address: string | undefined): string {
  const oneLine = (address ?? "")
    .trim()
    .split(/\s*\n\s*/)
    .filter(Boolean)
    .join(", ");
  return oneLine
    ? `Renvoyez-nous les produits concernés dans les 14 jours, à l'adresse ${oneLine} (les frais de retour restent à votre charge).`
    : "Renvoyez-nous les produits concernés dans les 14 jours (les frais de retour restent à votre charge) : répondez à ce message, nous vous donnons l'adresse de retour.";
}

/**
 * The acknowledgement of a withdrawal on a durable medium (Code de la consommation L221-21 and D221-5): its content
 * (the order, the lines withdrawn), the date and the time it was received (Europe/Paris), and what happens next.
 */
export function withdrawalAcknowledgementMail(
  order: {
    id: string;
    customer_email: string;
    payment_method: "paypal" | "bank_transfer";
    payment_status: string;
  },
  withdrawal: WithdrawalRecord,
  context: ShopMailContext,
): Mail {
  const number = orderNumber(order.id);
  const when = parisDateTime(new Date(withdrawal.requested_at));
  const means = order.payment_method === "paypal" ? "sur votre compte PayPal" : "par virement";
  const next =
    withdrawal.effect === "cancelled"
      ? [
          "Votre commande n'était pas encore expédiée : elle est annulée.",
          order.payment_status === "failed" || order.payment_status === "pending"
            ? "Aucun paiement n'avait été reçu : il n'y a rien à rembourser, et aucun paiement ne doit plus être fait."
            : `Nous vous remboursons la totalité, frais de livraison compris, ${means}, au plus tard 14 jours après aujourd'hui.`,
        ]
      : [
          returnLine(context.address),
          `Nous vous remboursons ${means}, par le même moyen que votre paiement, au plus tard 14 jours après aujourd'hui (nous pouvons attendre d'avoir reçu les produits ou la preuve de leur expédition).${withdrawal.scope === "whole" ? " Les frais de livraison standard sont remboursés avec une rétractation de toute la commande." : ""}`,
        ];
  const lines = [
    `Nous avons bien reçu, le ${when} (heure de Paris), votre rétractation du contrat de la commande n° ${number}.`,
    withdrawal.scope === "whole" ? "Elle porte sur toute la commande :" : "Elle porte sur :",
    ...withdrawal.lines.map((line) => `${line.quantity} × ${line.product_name}`),
    `Référence de votre rétractation : ${withdrawal.id}`,
    ...next.filter(Boolean),
    `Le détail de votre commande : ${orderPageUrl(context, order.id)}`,
    ...mediatorLines(context),
  ];
  return {
    to: order.customer_email,
    subject: `${context.shopName} — Accusé de réception de votre rétractation (commande n° ${number})`,
    text: `Bonjour,\n\n${lines.join("\n")}\n\n${context.shopName}`,
    html: layout(context.shopName, ["Bonjour,", ...lines]),
  };
}

/**
 * The owner's « Envoyer un nouveau lien de suivi » (issue 32): the guest's new link to her order, sent once every
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

export interface RecallNotice {
  to: string;
  customerName: string;
  orderNumber: string;
  productName: string;
  lot: string;
  quantity: number;
  /** The hazard and the risk, in the owner's words (art. 36(2)). */
  risk: string;
}

/**
 * A product recall (Regulation (EU) 2023/988 art. 35(1) direct contact, art. 36(2) notice: the heading « Rappel de
 * sécurité du produit », the product and lot (on the label, Regulation (EC) 1223/2009 art. 19(1)(e)), the risk as
 * the owner describes it, what to do —
 * stop using it — and the remedies of art. 37, refund or replacement; decision record 018).
 */
export function recallMail(notice: RecallNotice, context: ShopMailContext & { email: string }): Mail {
  const paragraphs = [
    "Rappel de sécurité du produit",
    greetingLine(notice.customerName),
    `Nous rappelons le lot ${notice.lot} du produit « ${notice.productName} » (${context.shopName}). Votre commande n° ${notice.orderNumber} en contenait ${notice.quantity} unité(s). Le numéro de lot est imprimé sur l'étiquette du savon.`,
    `Le risque : ${notice.risk}`,
    "Que faire : cessez immédiatement d'utiliser ce produit et conservez-le, même entamé.",
    `Vous avez droit, sans frais, au remboursement ou au remplacement du produit : répondez à ce message ou écrivez-nous à ${context.email} en indiquant votre numéro de commande ; nous vous dirons comment nous le retourner.`,
    ...mediatorLines(context),
  ];
  return {
    to: notice.to,
    subject: `${context.shopName} — Rappel de sécurité du produit « ${notice.productName} », lot ${notice.lot}`,
    text: `${paragraphs.join("\n\n")}\n\n${context.shopName}`,
    html: layout(context.shopName, paragraphs),
  };
}
