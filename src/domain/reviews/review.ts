/**
 * A customer review: who may write one, what it may say, and why the owner may refuse it. French law: Code de la
 * consommation L111-7-2 and D111-16 to D111-19 (décret 2017-1436); the Omnibus directive (2019/2161) forbids saying
 * reviews come from buyers without checking it, so only a delivered order's products can be reviewed.
 */
import * as z from "zod";
import { GUEST_LINK_PARAMETER } from "../orders/guest";
import { ANSWER_MAX, RATING_MAX, REFUSAL_REASON_KEYS } from "./moderation-words";
import { REVIEW_FORM_PARAMETER } from "./review-entry";

export {
  ANSWER_MAX,
  MODERATION_DAYS,
  RATING_MAX,
  REFUSAL_REASON_KEYS,
  REFUSAL_REASONS,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
  type RefusalReason,
  type ReviewStatus,
} from "./moderation-words";

export const RATING_MIN = 1;
export const TITLE_MAX = 100;
export const TEXT_MIN = 10;
export const TEXT_MAX = 2000;
export const SHOWN_NAME_MAX = 40;

// Control characters but the line feed, and the invisible marks that make text read otherwise than it is stored:
// bidirectional overrides and isolates (CVE-2021-42574), zero-width spaces. The emoji joiner (U+200D) stays.
const INVISIBLE = /(?!\n)\p{Cc}|[\u200b\u200e\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;

/**
 * Text as the shop keeps it: no control or invisible characters, tabs as spaces, at most one blank line in a row,
 * trimmed. Markup is kept as the characters the author typed: every page, mail and screen shows it as text.
 */
export function plainText(value: string, { multiline }: { multiline: boolean }): string {
  const kept = value.normalize("NFC").replace(/\r\n?/g, "\n").replace(/\t/g, " ").replace(INVISIBLE, "");
  if (!multiline) return kept.replace(/\s+/g, " ").trim();
  return kept
    .split("\n")
    .map((line) => line.replace(/ +/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const text = (label: string, min: number, max: number, multiline: boolean) =>
  z
    .string(`${label} est obligatoire.`)
    .max(max * 2, `${label} ne doit pas dépasser ${max} caractères.`)
    .transform((value) => plainText(value, { multiline }))
    .pipe(
      z
        .string()
        .min(min, min > 1 ? `${label} doit compter au moins ${min} caractères.` : `${label} est obligatoire.`)
        .max(max, `${label} ne doit pas dépasser ${max} caractères.`),
    );

export const RATING_MESSAGE = `La note va de ${RATING_MIN} à ${RATING_MAX} étoiles.`;

/** What the author writes, for a new review or a change of hers. */
export const reviewInputSchema = z.strictObject({
  rating: z.int(RATING_MESSAGE).min(RATING_MIN, RATING_MESSAGE).max(RATING_MAX, RATING_MESSAGE),
  title: text("Le titre", 1, TITLE_MAX, false),
  text: text("Votre avis", TEXT_MIN, TEXT_MAX, true),
  shown_name: text("Le nom affiché", 1, SHOWN_NAME_MAX, false),
});
export type ReviewInput = z.output<typeof reviewInputSchema>;

/** The name shown by default: the first name and the initial of the last, « Marie D. ». */
export function defaultShownName(fullName: string): string {
  const words = plainText(fullName, { multiline: false }).split(" ").filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return "Client";
  const last = rest.at(-1);
  const name = last ? `${first} ${last.charAt(0).toLocaleUpperCase("fr-FR")}.` : first;
  return name.slice(0, SHOWN_NAME_MAX);
}

/** How long a published review stays online (D111-18: said on the rules page). */
export const REVIEW_RETENTION_YEARS = 5;

export const refusalSchema = z.strictObject({
  reason: z.enum(REFUSAL_REASON_KEYS, "Choisissez l'un des motifs de refus publiés."),
});

export const answerSchema = z.strictObject({ text: text("La réponse", 2, ANSWER_MAX, true) });

/** What the server knows of an order when someone asks to review one of its products. */
export interface ReviewedOrder {
  status: string;
  items: readonly { product_id: number }[];
  status_history: readonly { status: string; at: string }[];
}

export type Eligibility = { ok: true; experiencedAt: string } | { ok: false; message: string };

export const NOT_DELIVERED = "Vous pourrez laisser un avis une fois votre commande livrée.";
export const NOT_IN_ORDER = "Ce produit ne fait pas partie de cette commande.";

/**
 * Whether the order's customer may review this product: she received it. The date of the experience shown with the
 * review (D111-17) is the delivery's.
 */
export function reviewEligibility(order: ReviewedOrder, productId: number): Eligibility {
  const deliveredAt = order.status_history.findLast((entry) => entry.status === "delivered")?.at;
  if (order.status !== "delivered" || !deliveredAt) return { ok: false, message: NOT_DELIVERED };
  if (!order.items.some((item) => item.product_id === productId)) return { ok: false, message: NOT_IN_ORDER };
  return { ok: true, experiencedAt: deliveredAt };
}

/** The page rules of D111-18 live at. */
export const REVIEW_RULES_PATH = "/avis-clients";
export { REVIEW_FORM_PARAMETER };

/**
 * The order's page with its review form open: the customer's tracking page, or a guest's with her link's token in
 * the fragment, where the page reads it.
 */
export function reviewFormPath(orderId: string, guestToken?: string | null): string {
  const path = `/orders/track/${encodeURIComponent(orderId)}?${REVIEW_FORM_PARAMETER}=1`;
  return guestToken ? `${path}#${GUEST_LINK_PARAMETER}=${guestToken}` : path;
}
