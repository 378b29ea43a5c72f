import { greetingLine, layout, mediatorLines, type ShopMailContext } from "../mail/layout";
import type { Mail } from "../platform/adapters/mail";

/** A product recall, mailed to each customer who received the lot. */

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
