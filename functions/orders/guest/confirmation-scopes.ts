/** Apart, so that the erasure, which deletes them, does not bundle the counting. */
export const GUEST_CONFIRMATION_SCOPES = [
  "guest-confirmations-email",
  "guest-confirmations-email-day",
] as const;
