import { REVIEW_INVITATION_LIMITS } from "../../../domain/settings/settings-constants";
import { onOff } from "./payment-cards";
import type { CardSpec } from "./SettingCard";

/** The one e-mail inviting a customer to review what she received; 0 sends none. */
export const reviews: CardSpec<"reviews", { review_invitation_days: string }> = {
  key: "reviews",
  title: "Avis clients",
  badge: (value) => onOff({ enabled: value.review_invitation_days > 0 }),
  details: (value) => [
    {
      label: "Invitation à laisser un avis",
      text:
        value.review_invitation_days > 0
          ? `${value.review_invitation_days} jour${value.review_invitation_days > 1 ? "s" : ""} après la livraison`
          : "Aucune invitation envoyée",
    },
  ],
  toForm: (value) => ({ review_invitation_days: String(value.review_invitation_days) }),
  // Anything but a whole number goes as null, which the server refuses with its French message.
  toValue: (form) => ({
    review_invitation_days: /^\s*\d+\s*$/.test(form.review_invitation_days)
      ? Number(form.review_invitation_days)
      : null,
  }),
  fields: [
    {
      name: "review_invitation_days",
      kind: "number",
      label: "Inviter à laisser un avis après (jours)",
      input: {
        inputMode: "numeric",
        min: REVIEW_INVITATION_LIMITS.min,
        max: REVIEW_INVITATION_LIMITS.max,
        step: 1,
        required: true,
      },
      hint: "Jours comptés à partir de la livraison : un seul e-mail par commande, avec un lien pour ne plus en recevoir. Indiquez 0 pour n'en envoyer aucun.",
    },
  ],
};
