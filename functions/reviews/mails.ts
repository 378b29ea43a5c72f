import { inertText } from "../../src/domain/mail/visitor-text";
import { REFUSAL_REASONS, type RefusalReason } from "../../src/domain/reviews/review";
import { layout } from "../mail/layout";
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
