/** The reviews' answers as the API documents them (zod): the author's view, the pages' view, the owner's. */
import * as z from "zod";
import { REPORT_REASONS } from "./moderation-words";
import { answerSchema, REFUSAL_REASON_KEYS, REVIEW_STATUSES, refusalSchema } from "./review";

export { REPORT_REASONS } from "./moderation-words";

export const reviewKeyParam = z.object({
  orderId: z.string().min(1).max(40),
  productId: z.coerce.number().int().positive().max(9_999_999_999),
});

const answer = z.object({ text: z.string(), at: z.string() }).nullable();

export const ownReviewSchema = z.object({
  order_id: z.string(),
  product_id: z.number(),
  product_name: z.string(),
  rating: z.number(),
  title: z.string(),
  text: z.string(),
  shown_name: z.string(),
  status: z.enum(REVIEW_STATUSES),
  refusal_reason: z.enum(REFUSAL_REASON_KEYS).nullable(),
  experienced_at: z.string(),
  submitted_at: z.string(),
  published_at: z.string().nullable(),
  answer,
});

/** What a product page prints of a review (D111-17): no e-mail, no order. */
export const publishedReviewSchema = z.object({
  id: z.string().describe("Identifiant public de l'avis, stable."),
  product_id: z.number(),
  rating: z.number(),
  title: z.string(),
  text: z.string(),
  shown_name: z.string(),
  experienced_at: z.string(),
  published_at: z.string(),
  answer,
});

export const reportSchema = z.strictObject({
  reason: z.enum(
    Object.keys(REPORT_REASONS) as [keyof typeof REPORT_REASONS],
    "Choisissez un motif de signalement.",
  ),
});

/** What the owner's screen sends back: the version it read, so a stale screen writes nothing. */
const read = { version: z.int("Version invalide.").min(1, "Version invalide.") };
export const publishRequestSchema = z.strictObject(read);
export const refuseRequestSchema = refusalSchema.extend(read);
export const answerRequestSchema = answerSchema.extend(read);

/** The owner's list: without a status, what waits for her (the waiting reviews and the reported published ones). */
export const adminReviewsQuerySchema = z.object({
  status: z.enum(["published"], "Filtre d'avis inconnu : seul « published » est accepté.").optional(),
});

/** A review as the owner moderates it: the author's e-mail to hand, whether it waits too long, its reports. */
export const adminReviewSchema = ownReviewSchema.extend({
  user_id: z.string(),
  email: z.string(),
  moderated_at: z.string().optional(),
  reports: z.number(),
  last_report_reason: z.string().optional(),
  version: z.number(),
  overdue: z.boolean(),
});
