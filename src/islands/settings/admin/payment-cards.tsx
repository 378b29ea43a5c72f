import {
  type AdminSettings,
  isPaypalSandbox,
  SECRET_MASK,
  secretDisplay,
  trimmedValue,
} from "../../../domain/settings/admin-settings";
import { TRANSFER_FOLLOW_UP_LIMITS } from "../../../domain/settings/settings-constants";
import type { CardSpec } from "./SettingCard";

/** The cards of the payments (cards.tsx lists them all): the bank transfer, its follow-up, PayPal. */

/** The badge of a setting that is on or off (the bank transfer here, the daily summary in shop-cards.tsx). */
export const onOff = (value: { enabled: boolean }) =>
  value.enabled
    ? { tone: "success" as const, label: "Activé" }
    : { tone: "neutral" as const, label: "Désactivé" };

export const bankTransfer: CardSpec<"payment_bank_transfer", AdminSettings["payment_bank_transfer"]> = {
  key: "payment_bank_transfer",
  title: "Virement bancaire",
  badge: onOff,
  details: (value) => [
    { label: "IBAN", text: value.iban, code: true },
    { label: "BIC", text: value.bic, code: true },
    { label: "Bénéficiaire", text: value.beneficiary },
    { label: "Banque", text: value.bank_name },
  ],
  toForm: (value) => ({ ...value }),
  toValue: trimmedValue,
  fields: [
    { name: "enabled", kind: "checkbox", label: "Accepter les paiements par virement" },
    {
      name: "iban",
      label: "IBAN",
      input: { maxLength: 42, autoComplete: "off", spellCheck: false, placeholder: "FR76 …" },
      hint: "Tel qu'imprimé sur votre RIB ; envoyé aux clients dans l'e-mail de confirmation seulement.",
    },
    {
      name: "bic",
      label: "BIC",
      input: { maxLength: 11, autoComplete: "off", spellCheck: false },
      hint: "8 ou 11 caractères, sur votre RIB.",
    },
    {
      name: "beneficiary",
      label: "Bénéficiaire",
      input: { maxLength: 120 },
      hint: "Exactement le titulaire du compte, comme sur le RIB : la banque du client le compare à l'IBAN avant d'envoyer le virement.",
    },
    { name: "bank_name", label: "Banque", input: { maxLength: 120 } },
  ],
};

/** A whole number of days as typed; anything else goes as null, which the server refuses with its French message. */
const dayCount = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);
const days = (count: number) => `après ${count} jour${count > 1 ? "s" : ""}`;
const limits = TRANSFER_FOLLOW_UP_LIMITS;

/** When an unpaid transfer is chased (one reminder) and when its order is cancelled. */
export const transferFollowUp: CardSpec<
  "bank_transfer_follow_up",
  { remind_after_days: string; cancel_after_days: string }
> = {
  key: "bank_transfer_follow_up",
  title: "Virements non reçus",
  details: (value) => [
    { label: "Relance du client", text: days(value.remind_after_days) },
    { label: "Annulation de la commande", text: days(value.cancel_after_days) },
  ],
  toForm: (value) => ({
    remind_after_days: String(value.remind_after_days),
    cancel_after_days: String(value.cancel_after_days),
  }),
  toValue: (form) => ({
    remind_after_days: dayCount(form.remind_after_days),
    cancel_after_days: dayCount(form.cancel_after_days),
  }),
  fields: [
    {
      name: "remind_after_days",
      kind: "number",
      label: "Relancer le client après (jours)",
      input: { inputMode: "numeric", min: limits.remindMin, max: limits.remindMax, step: 1, required: true },
      hint: "Jours comptés à partir du jour de la commande (heure de Paris) : un seul e-mail de relance, avec les coordonnées et le QR code du virement.",
    },
    {
      name: "cancel_after_days",
      kind: "number",
      label: "Annuler la commande après (jours)",
      input: { inputMode: "numeric", min: limits.cancelMin, max: limits.cancelMax, step: 1, required: true },
      hint: "Plus que pour la relance. Le stock et le code promo sont rendus, et le client est prévenu par e-mail.",
    },
  ],
};

function SandboxNote() {
  return (
    <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
      Mode Sandbox - Pour les tests uniquement
    </p>
  );
}

export const paypal: CardSpec<"payment_paypal", AdminSettings["payment_paypal"]> = {
  key: "payment_paypal",
  title: "PayPal",
  note: (from) =>
    isPaypalSandbox("form" in from ? from.form.base_url : from.stored.base_url) ? <SandboxNote /> : null,
  details: (value) => [
    { label: "URL de l'API", text: <span className="break-all">{value.base_url}</span> },
    { label: "Client ID", text: value.client_id, code: true },
    { label: "Client Secret", text: value.client_secret && secretDisplay(value.client_secret), code: true },
    { label: "Webhook ID", text: value.webhook_id, code: true },
  ],
  toForm: (value) => ({ ...value }),
  toValue: trimmedValue,
  fields: [
    {
      name: "base_url",
      kind: "url",
      label: "URL de l'API",
      input: { required: true },
      hint: "Sandbox : https://api-m.sandbox.paypal.com · Production : https://api-m.paypal.com",
    },
    { name: "client_id", label: "Client ID", input: { autoComplete: "off", maxLength: 200 } },
    {
      name: "client_secret",
      kind: "password",
      label: "Client Secret",
      input: { autoComplete: "new-password", maxLength: 200 },
      hint: (stored) =>
        stored.client_secret ? `Laissez ${SECRET_MASK} pour garder le secret enregistré.` : "Non configuré",
    },
    { name: "webhook_id", label: "Webhook ID", input: { autoComplete: "off", maxLength: 100 } },
  ],
};
