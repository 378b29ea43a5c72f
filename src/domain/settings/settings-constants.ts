/**
 * Setting values both the server (settings.ts, admin.ts) and the zod-free admin island (settings/admin-settings.ts) need.
 * One place, no dependency, so neither side repeats them.
 */
export const PAYPAL_SANDBOX_URL = "https://api-m.sandbox.paypal.com";
export const DEFAULT_MAINTENANCE_MESSAGE = "Site en maintenance temporaire. Nous serons de retour bientôt!";
/** What the admin sees instead of a stored secret; sending it back keeps the secret unchanged. */
export const SECRET_MASK = "••••••••";

/** The « Virement : relance et annulation » setting: the bounds and the defaults of its two delays. */
export const TRANSFER_FOLLOW_UP_LIMITS = {
  remindMin: 1,
  remindMax: 30,
  cancelMin: 2,
  cancelMax: 60,
} as const;

/** The owner's two delays, in days (transfer-follow-up-schema.ts checks them; payments applies them). */
export interface TransferFollowUpSetting {
  /** Days after the order's day when the one reminder goes out (default 5). */
  remind_after_days: number;
  /** Days after the order's day when an unpaid order is cancelled (default 10); always after the reminder. */
  cancel_after_days: number;
}

export const defaultTransferFollowUp: TransferFollowUpSetting = {
  remind_after_days: 5,
  cancel_after_days: 10,
};

/** The « Avis clients » setting: days after the delivery when the one review invitation goes; 0 sends none. */
export const REVIEW_INVITATION_LIMITS = { min: 0, max: 60 } as const;

export interface ReviewsSetting {
  review_invitation_days: number;
}

export const defaultReviewsSetting: ReviewsSetting = { review_invitation_days: 7 };

/**
 * How an order is delivered: to the customer's address, or to a pick-up point she chose (« point relais »). The
 * shipping setting prices each.
 */
export type DeliveryMode = "home" | "pickup";
export const DELIVERY_MODES: readonly DeliveryMode[] = ["home", "pickup"];
