/**
 * What the author's review panel shows (the order's page and « Mes commandes »): one entry per product of a
 * delivered order, her review or the form, and the form's messages, read from the server's own rules (review.ts).
 */
import {
  MODERATION_DAYS,
  RATING_MAX,
  REFUSAL_REASONS,
  REVIEW_STATUS_LABELS,
  type RefusalReason,
  type ReviewStatus,
  reviewInputSchema,
} from "./review";

export const PANEL_HEADING = "Votre avis sur ces produits";
export const MODERATION_NOTICE = `Votre avis sera relu avant publication, sous ${MODERATION_DAYS} jours au plus.`;
export const NO_REWARD_NOTICE = "Aucune contrepartie n'est offerte en échange d'un avis.";
export const WITHDRAW_CONFIRMATION = "Retirer cet avis ? Il sera supprimé et ne pourra pas être rétabli.";

/** The review an author reads back: what the API answers for her (ownReviewSchema), the fields the panel shows. */
export interface AuthorReview {
  product_id: number;
  rating: number;
  title: string;
  text: string;
  shown_name: string;
  status: ReviewStatus;
  refusal_reason: RefusalReason | null;
  answer: { text: string; at: string } | null;
}

export interface ReviewedProduct {
  productId: number;
  name: string;
}

export type PanelEntry<R extends AuthorReview = AuthorReview> =
  | { kind: "review"; product: ReviewedProduct; review: R }
  | { kind: "form"; product: ReviewedProduct };

/** Each product of the order once (a product may sit on two lines), in the order's order, with its review if any. */
export function panelEntries<R extends AuthorReview>(
  items: readonly { product_id: number; product_name: string }[],
  reviews: readonly R[],
): PanelEntry<R>[] {
  const seen = new Set<number>();
  const entries: PanelEntry<R>[] = [];
  for (const item of items) {
    if (seen.has(item.product_id)) continue;
    seen.add(item.product_id);
    const product = { productId: item.product_id, name: item.product_name };
    const review = reviews.find((one) => one.product_id === item.product_id);
    entries.push(review ? { kind: "review", product, review } : { kind: "form", product });
  }
  return entries;
}

/** A star's radio label, « 1 étoile sur 5 », « 4 étoiles sur 5 ». */
export function starLabel(rating: number): string {
  return `${rating} étoile${rating > 1 ? "s" : ""} sur ${RATING_MAX}`;
}

export function statusLabel(review: Pick<AuthorReview, "status">): string {
  return REVIEW_STATUS_LABELS[review.status];
}

/** The published reason of a refusal, as the author is told (D111-19); none unless refused. */
export function refusalText(review: Pick<AuthorReview, "status" | "refusal_reason">): string | null {
  if (review.status !== "refused" || !review.refusal_reason) return null;
  return `Motif du refus : ${REFUSAL_REASONS[review.refusal_reason]}.`;
}

/** The live count under a field: « 12 / 100 caractères », with the minimum while it is not reached. */
export function characterCount(value: string, max: number, min = 0): string {
  const count = [...value.trim()].length;
  const base = `${count} / ${max} caractères`;
  return min > 0 && count < min ? `${base} (au moins ${min})` : base;
}

export interface ReviewDraft {
  rating: number | null;
  title: string;
  text: string;
  shown_name: string;
}

export type DraftField = keyof ReviewDraft;

export function emptyDraft(shownName: string): ReviewDraft {
  return { rating: null, title: "", text: "", shown_name: shownName };
}

export function draftOf(review: AuthorReview): ReviewDraft {
  return { rating: review.rating, title: review.title, text: review.text, shown_name: review.shown_name };
}

export type DraftCheck =
  | { ok: true; input: { rating: number; title: string; text: string; shown_name: string } }
  | { ok: false; errors: Partial<Record<DraftField, string>> };

/** The form's messages before sending: the server's own schema, its first message per field. */
export function checkDraft(draft: ReviewDraft): DraftCheck {
  const parsed = reviewInputSchema.safeParse({ ...draft, rating: draft.rating ?? undefined });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Partial<Record<DraftField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && field in draft && !errors[field as DraftField]) {
      errors[field as DraftField] = issue.message;
    }
  }
  return { ok: false, errors };
}

/** The first field with a message, in the form's order: where the focus goes after a refused submit. */
export function firstInvalid(errors: Partial<Record<string, string>>): DraftField | null {
  return (["rating", "title", "text", "shown_name"] as const).find((field) => errors[field]) ?? null;
}
