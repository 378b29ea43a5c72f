/**
 * The owner's moderation in words and numbers, without zod: the admin's screens import this file, the schemas
 * (review.ts, review-schemas.ts) take their reasons from it.
 */

export const RATING_MAX = 5;

export const REVIEW_STATUSES = ["pending", "published", "refused"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: "En attente de modération",
  published: "Publié",
  refused: "Refusé",
};

/**
 * The only reasons a review may be refused, published on the rules page (D111-18) and given to the author (D111-19).
 * A rating, however low, is none of them.
 */
export const REFUSAL_REASONS = {
  insults: "Propos injurieux, diffamatoires, discriminatoires ou menaçants",
  personal_data: "Données personnelles : nom, adresse, téléphone ou e-mail d'une personne",
  off_topic: "Hors sujet : l'avis ne décrit pas l'expérience d'achat ou d'utilisation",
  unrelated_product: "Sans rapport avec le produit évalué",
  suspected_fraud: "Soupçon de fraude : avis non sincère, rédigé pour autrui ou en échange d'un avantage",
} as const;
export type RefusalReason = keyof typeof REFUSAL_REASONS;
export const REFUSAL_REASON_KEYS = Object.keys(REFUSAL_REASONS) as [RefusalReason, ...RefusalReason[]];

export const REPORT_REASONS = {
  inappropriate: "Contenu injurieux ou inapproprié",
  personal_data: "Données personnelles",
  false_review: "Avis mensonger ou sans rapport",
} as const;

export const ANSWER_MAX = 1500;

/** The rules page's promise (docs/decisions/053-reviews.md): a review is read within this many days. */
export const MODERATION_DAYS = 5;
const DAY_MS = 86_400_000;

/** Whether a review submitted at `submittedAt` has waited longer than the published delay at `now`. */
export function moderationOverdue(submittedAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(submittedAt) > MODERATION_DAYS * DAY_MS;
}
