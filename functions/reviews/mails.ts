import { inertText } from "../../src/domain/mail/visitor-text";
import {
  NOTHING_IN_EXCHANGE,
  REVIEW_OPT_OUT_API,
  reviewOptOutPath,
} from "../../src/domain/reviews/invitation";
import {
  REFUSAL_REASONS,
  REVIEW_RULES_PATH,
  type RefusalReason,
  reviewFormPath,
} from "../../src/domain/reviews/review";
import { greetingLine, layout } from "../mail/layout";
import type { Mail } from "../platform/adapters/mail";

/** D111-19: the author learns why her review is not published, in the published words of the rules page. */
export function refusalMail(
  review: { email: string; product_name: string; title: string },
  reason: RefusalReason,
  context: { shopName: string; siteUrl: string },
): Mail {
  const paragraphs = [
    "Bonjour,",
    `Votre avis « ${inertText(review.title)} » sur ${review.product_name} n'a pas été publié.`,
    `Motif : ${REFUSAL_REASONS[reason]}.`,
    "Vous pouvez le modifier depuis votre commande : il sera de nouveau examiné. Les règles de publication des avis sont détaillées sur notre site.",
  ];
  const rules = { label: "Nos règles de publication des avis", url: `${context.siteUrl}/avis-clients` };
  return {
    to: review.email,
    subject: `${context.shopName} : votre avis n'a pas été publié`,
    text: [...paragraphs, `${rules.label} : ${rules.url}`].join("\n\n"),
    html: layout(context.shopName, paragraphs, rules),
  };
}

export interface InvitedOrder {
  id: string;
  order_number: string;
  email: string;
  customer_name: string;
  /** The products not reviewed yet, each once. */
  products: readonly string[];
}

/**
 * The one invitation of an order: its products, one link to the order's page with the review form open (a guest's
 * with her link's token), the rules, nothing in exchange, and a one-click opt-out (RFC 8058 headers too).
 */
export function invitationMail(
  order: InvitedOrder,
  context: { shopName: string; siteUrl: string; guestToken: string | null; optOutToken: string },
): Mail {
  const review = `${context.siteUrl}${reviewFormPath(order.id, context.guestToken)}`;
  const rules = `${context.siteUrl}${REVIEW_RULES_PATH}`;
  const optOut = `${context.siteUrl}${reviewOptOutPath(context.optOutToken)}`;
  const paragraphs = [
    greetingLine(order.customer_name),
    `Votre commande n° ${order.order_number} vous a été livrée il y a quelques jours. Qu'avez-vous pensé de :`,
    ...order.products.map((name) => `– ${name}`),
    `Votre avis aide d'autres clients à choisir. Donnez-le depuis la page de votre commande : ${review}`,
    `Il est publié après modération, selon nos règles de publication des avis : ${rules}`,
    NOTHING_IN_EXCHANGE,
    ...(context.guestToken ? ["Ce lien est personnel : ne le transférez pas."] : []),
    `Vous ne souhaitez plus recevoir d'invitation à donner votre avis ? ${optOut}`,
  ];
  return {
    to: order.email,
    subject: `${context.shopName} : votre avis sur votre commande n° ${order.order_number}`,
    text: [...paragraphs, context.shopName].join("\n\n"),
    html: layout(context.shopName, paragraphs, { label: "Donner mon avis", url: review }),
    headers: {
      "List-Unsubscribe": `<${context.siteUrl}${REVIEW_OPT_OUT_API}/${context.optOutToken}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
