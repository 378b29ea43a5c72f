import { type Cents, eurosToCents } from "../../src/domain/money";
import type { Order } from "../../src/domain/orders/order";
import { parisDateTime } from "../../src/domain/paris-time";
import { epcPayload } from "../../src/domain/payments/epc-qr";
import type { BankTransferSetting } from "../../src/domain/settings/settings";
import { escapeHtml, greetingLine, mediatorLines, type ShopMailContext } from "../mail/layout";
import { orderPageUrl, transferInstructionLines, transferQrHtml, withdrawalLine } from "../orders/mails";
import type { InlineImage, Mail } from "../platform/adapters/mail";
import { qrPng } from "../platform/adapters/qr-image";

/** Null (and a warning) when the bank settings cannot make a valid one: the written instructions remain. */
export async function transferQrImage(
  order: Pick<Order, "id" | "total_amount" | "transfer_reference">,
  bank: BankTransferSetting,
): Promise<InlineImage | null> {
  const epc = epcPayload({
    beneficiary: bank.beneficiary,
    iban: bank.iban,
    bic: bank.bic,
    amount: eurosToCents(order.total_amount) as Cents,
    reference: order.transfer_reference ?? "",
  });
  if (!epc.ok) {
    console.warn(`Order ${order.id}: no EPC QR code in the transfer mail (${epc.reason})`);
    return null;
  }
  try {
    return {
      cid: `virement-${order.id}@qr`,
      filename: "virement-qr.png",
      contentType: "image/png",
      content: await qrPng(epc.payload),
    };
  } catch (error) {
    console.error(`Order ${order.id}: the EPC QR code could not be drawn`, error);
    return null;
  }
}

function page(shopName: string, blocks: string[]): string {
  return `<!doctype html><html lang="fr"><body style="font-family:Georgia,serif;color:#2b2b24;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#4d5b2a">${escapeHtml(shopName)}</h1>${blocks.join("\n")}</body></html>`;
}

const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
const list = (items: string[]) =>
  `<ul style="padding-left:18px;margin:0 0 16px">${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>`;
const small = (text: string) => `<p style="font-size:13px;color:#5b5b50">${escapeHtml(text)}</p>`;

function longDay(day: Date): string {
  return day.toLocaleDateString("fr-FR", {
    timeZone: "Europe/Paris",
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
}

export interface TransferReminderContext extends ShopMailContext {
  bank: BankTransferSetting;
  transferQr: InlineImage | null;
  cancelledFrom: Date;
}

/**
 * The one reminder: the same instructions (and QR code) as the confirmation, and the day the order would be cancelled.
 */
export function transferReminderMail(order: Order, context: TransferReminderContext): Mail {
  const number = order.order_number;
  const greeting = greetingLine(order.user.full_name);
  const intro = `Nous n'avons pas encore reçu le virement de votre commande n° ${number}, passée le ${parisDateTime(new Date(order.created_at))}.`;
  const deadline = `Sans virement reçu d'ici là, la commande sera annulée le ${longDay(context.cancelledFrom)} et ses produits remis en vente. Si vous avez déjà fait le virement, merci de ne pas tenir compte de ce message : il peut mettre un à deux jours ouvrés à nous parvenir.`;
  const instructions = transferInstructionLines(order, context.bank);
  const follow = `Suivre ma commande : ${orderPageUrl(context, order.id)}`;
  const text = [
    greeting,
    "",
    intro,
    "",
    ...instructions,
    "",
    deadline,
    "",
    follow,
    withdrawalLine(context.siteUrl, order.id, context.guestToken),
    ...mediatorLines(context),
    "",
    context.shopName,
  ].join("\n");
  const html = page(context.shopName, [
    paragraph(greeting),
    paragraph(intro),
    `<p style="margin:0 0 4px"><strong>Paiement par virement</strong></p>${list(instructions)}`,
    ...(context.transferQr ? [transferQrHtml(context.transferQr)] : []),
    paragraph(deadline),
    `<p><a href="${escapeHtml(orderPageUrl(context, order.id))}">Suivre ma commande</a></p>`,
    ...[withdrawalLine(context.siteUrl, order.id, context.guestToken), ...mediatorLines(context)].map(small),
  ]);
  return {
    to: order.user.email,
    subject: `${context.shopName} — Rappel : virement attendu pour votre commande n° ${number}`,
    text,
    html,
    ...(context.transferQr && { inline: [context.transferQr] }),
  };
}

/** The order was cancelled because its transfer never came: nothing was paid, nothing is owed. */
export function transferCancelledMail(
  order: Order,
  context: ShopMailContext & { cancelAfterDays: number },
): Mail {
  const number = order.order_number;
  const greeting = greetingLine(order.user.full_name);
  const paragraphs = [
    greeting,
    `Nous n'avons pas reçu le virement de votre commande n° ${number} dans les ${context.cancelAfterDays} jours qui ont suivi la commande : elle est annulée et ses produits sont remis en vente.`,
    "Aucun paiement n'ayant été reçu, vous ne nous devez rien. Si votre virement est tout de même parti, contactez-nous : nous vous le rembourserons intégralement.",
    `Vous pouvez passer une nouvelle commande à tout moment : ${context.siteUrl}`,
  ];
  const text = [...paragraphs.flatMap((p) => [p, ""]), ...mediatorLines(context), context.shopName].join(
    "\n",
  );
  const html = page(context.shopName, [...paragraphs.map(paragraph), ...mediatorLines(context).map(small)]);
  return {
    to: order.user.email,
    subject: `${context.shopName} — Commande n° ${number} annulée : virement non reçu`,
    text,
    html,
  };
}
