import { orderNumber } from "../../src/domain/orders/order-status";
import { parisDateTime } from "../../src/domain/paris-time";
import type { WithdrawalRecord } from "../../src/domain/withdrawals/withdrawal-schemas";
import { layout, mediatorLines, type ShopMailContext } from "../mail/layout";
import { orderPageUrl } from "../orders/mails";
import type { Mail } from "../platform/adapters/mail";

/** The acknowledgement of a withdrawal, on a durable medium. */

/**
 * Where to send the goods back: the address itself, from the settings (no pointer to a text that
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
