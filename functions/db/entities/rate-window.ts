import { Entity } from "electrodb";

/**
 * A fixed-window counter for throttling (failed sign-ins per e-mail, reset mails per e-mail):
 * `scope` says what is counted, `subject` for whom, `window_start` which window the count belongs to.
 * Windows are aligned on the clock, so counting is one atomic ADD on a key known in advance.
 */
export const RateWindowEntity = new Entity({
  model: { entity: "rate_window", version: "1", service: "shop" },
  attributes: {
    scope: { type: "string", required: true },
    subject: { type: "string", required: true },
    window_start: { type: "string", required: true },
    count: { type: "number", required: true },
    expires_at_ttl: { type: "number", required: true },
  },
  indexes: {
    bySubject: {
      pk: { field: "pk", composite: ["scope", "subject", "window_start"] },
      sk: { field: "sk", composite: [] },
    },
  },
});
