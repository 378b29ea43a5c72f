import type { ReactNode } from "react";
import { formatAmount, formatDateTime } from "../../../domain/admin/admin-format";
import { parseDecimal } from "../../../domain/admin/admin-products";
import {
  type AdminSettings,
  COLISSIMO_HOME_PRODUCTS,
  COLISSIMO_LABEL_FORMATS,
  COUNTDOWN_HOURS_MAX,
  COUNTDOWN_MINUTES_MAX,
  type ColissimoForm,
  colissimoForm,
  colissimoStatus,
  colissimoValue,
  isPaypalSandbox,
  type MaintenanceForm,
  maintenanceForm,
  maintenanceStatusLabel,
  maintenanceValue,
  optionsOf,
  SECRET_MASK,
  type ShippingForm,
  secretDisplay,
  shippingForm,
  shippingValue,
  trimmedValue,
} from "../../../domain/admin/admin-settings";
import { TRANSFER_FOLLOW_UP_LIMITS } from "../../../domain/payments/transfer-follow-up";
import type { CompanyInfoSetting } from "../../../domain/settings/settings";
import { type CardSpec, SettingCard } from "./SettingCard";

/**
 * The cards of the Paramètres tab (spec 2 "Settings tab"), in the order shown: what each setting shows, its form's
 * inputs, and how the form becomes the value the API checks. SettingCard draws them all.
 */

const onOff = (value: { enabled: boolean }) =>
  value.enabled
    ? { tone: "success" as const, label: "Activé" }
    : { tone: "neutral" as const, label: "Désactivé" };

const bankTransfer: CardSpec<"payment_bank_transfer", AdminSettings["payment_bank_transfer"]> = {
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

/** Issue 19: when an unpaid transfer is chased (one reminder) and when its order is cancelled. */
const transferFollowUp: CardSpec<
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

const paypal: CardSpec<"payment_paypal", AdminSettings["payment_paypal"]> = {
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

/** Issue 31: whether shoppers are offered delivery to a pick-up point now; it needs the « Colissimo » card. */
function PickupNote({ settings }: { settings: Partial<AdminSettings> }) {
  const offered = colissimoStatus(settings).configured;
  return (
    <p
      className={`rounded-lg border px-3 py-2 text-sm font-medium ${
        offered
          ? "border-green-700/25 bg-green-50 text-green-900"
          : "border-amber-300 bg-amber-50 text-amber-900"
      }`}
    >
      {offered
        ? "Point relais proposé aux clients, à côté de la livraison à domicile."
        : "Point relais pas encore proposé aux clients : complétez d'abord la carte « Colissimo »."}
    </p>
  );
}

const shipping: CardSpec<"shipping", ShippingForm> = {
  key: "shipping",
  title: "Livraison",
  note: (from, settings) => ("stored" in from ? <PickupNote settings={settings} /> : null),
  details: (value) => [
    { label: "Livraison gratuite dès", text: formatAmount(value.free_shipping_threshold) },
    { label: "Frais de livraison standard", text: formatAmount(value.standard_cost) },
    { label: "Transporteur", text: value.shipping_company },
    { label: "Livraison en point relais", text: formatAmount(value.pickup_cost) },
    { label: "Point relais offert dès", text: formatAmount(value.pickup_free_shipping_threshold) },
  ],
  toForm: shippingForm,
  toValue: shippingValue,
  fields: [
    {
      name: "free_shipping_threshold",
      kind: "number",
      label: "Seuil de livraison gratuite (€)",
      input: { inputMode: "decimal", min: 0, step: 0.01 },
    },
    {
      name: "standard_cost",
      kind: "number",
      label: "Frais de livraison standard (€)",
      input: { inputMode: "decimal", min: 0, step: 0.01 },
    },
    {
      name: "shipping_company",
      label: "Transporteur",
      input: { placeholder: "Colissimo", required: true, maxLength: 60 },
    },
    {
      name: "pickup_cost",
      kind: "number",
      label: "Prix de la livraison en point relais (€)",
      input: { inputMode: "decimal", min: 0, step: 0.01 },
      hint: "La livraison en point relais n'est proposée aux clients qu'une fois la carte « Colissimo » complète.",
    },
    {
      name: "pickup_free_shipping_threshold",
      kind: "number",
      label: "Point relais offert dès (€)",
      input: { inputMode: "decimal", min: 0, step: 0.01 },
    },
  ],
};

/**
 * Issue 31: the shop's Colissimo contract. Complete (with the shop's address of the « Entreprise » card), each paid
 * order offers « Créer l'étiquette »; until then the owner types the carrier and the tracking number herself.
 */
function ColissimoNote({ settings, editing }: { settings: Partial<AdminSettings>; editing: boolean }) {
  const status = colissimoStatus(settings);
  return (
    <>
      {!editing && (
        <p
          className={`rounded-lg border px-3 py-2 text-sm font-medium ${
            status.configured
              ? "border-green-700/25 bg-green-50 text-green-900"
              : "border-amber-300 bg-amber-50 text-amber-900"
          }`}
        >
          {status.text}
        </p>
      )}
      <p className="text-sm text-ink">
        Une fois la carte complète, chaque commande payée propose « Créer l'étiquette » : l'étiquette est
        achetée, la commande passe « Expédiée » et le client reçoit son numéro de suivi. Tant qu'elle est
        incomplète, indiquez le transporteur et le numéro de suivi dans le formulaire de la commande, comme
        avant.
      </p>
    </>
  );
}

const colissimo: CardSpec<"shipping_colissimo", ColissimoForm> = {
  key: "shipping_colissimo",
  title: "Colissimo",
  note: (from, settings) => <ColissimoNote settings={settings} editing={"form" in from} />,
  details: (value) => [
    { label: "Numéro de contrat", text: value.contract_number, code: true },
    { label: "Mot de passe", text: value.password && secretDisplay(value.password), code: true },
    { label: "Clé d'API La Poste", text: value.api_key && secretDisplay(value.api_key), code: true },
    { label: "Format des étiquettes", text: COLISSIMO_LABEL_FORMATS[value.label_format] },
    { label: "Livraison à domicile", text: COLISSIMO_HOME_PRODUCTS[value.home_product] },
    { label: "Poids de l'emballage", text: `${value.packaging_g} g` },
  ],
  toForm: colissimoForm,
  toValue: colissimoValue,
  fields: [
    {
      name: "contract_number",
      label: "Numéro de contrat Colissimo",
      input: { inputMode: "numeric", autoComplete: "off", spellCheck: false, maxLength: 14 },
      hint: "Votre numéro client à 6 chiffres, sur votre contrat et dans votre espace Colissimo.",
    },
    {
      name: "password",
      kind: "password",
      label: "Mot de passe du contrat",
      input: { autoComplete: "new-password", maxLength: 200 },
      hint: (stored) =>
        stored.password
          ? `Laissez ${SECRET_MASK} pour garder le mot de passe enregistré.`
          : "Celui de votre espace client Colissimo.",
    },
    {
      name: "api_key",
      kind: "password",
      label: "Clé d'API La Poste",
      input: { autoComplete: "off", maxLength: 200 },
      hint: (stored) =>
        stored.api_key
          ? `Laissez ${SECRET_MASK} pour garder la clé enregistrée.`
          : "Facultative pour les étiquettes : la clé « Suivi » de votre compte developer.laposte.fr.",
    },
    {
      name: "label_format",
      kind: "select",
      label: "Format des étiquettes",
      options: optionsOf(COLISSIMO_LABEL_FORMATS),
    },
    {
      name: "home_product",
      kind: "select",
      label: "Livraison à domicile",
      options: optionsOf(COLISSIMO_HOME_PRODUCTS),
      hint: "Le service Colissimo des colis livrés à l'adresse du client.",
    },
    {
      name: "packaging_g",
      kind: "number",
      label: "Poids de l'emballage (g)",
      input: { inputMode: "numeric", min: 0, max: 5000, step: 1, required: true },
      hint: "Carton, papier et calage : ajouté au poids des savons pour peser le colis.",
    },
  ],
};

type CompanyForm = Omit<CompanyInfoSetting, "vat_rate"> & { vat_rate: string };
const withVat = (form: CompanyForm) => form.vat_mode === "rate";

const company: CardSpec<"company_info", CompanyForm> = {
  key: "company_info",
  title: "Entreprise",
  details: (value) => [
    { label: "Nom de la boutique", text: value.name },
    { label: "Nom ou dénomination du vendeur", text: value.legal_name },
    { label: "E-mail", text: value.email },
    { label: "Téléphone", text: value.phone },
    { label: "Adresse", text: value.address },
    { label: "Forme juridique", text: value.legal_form },
    { label: "SIRET", text: value.siret },
    {
      label: "TVA",
      text: value.vat_mode === "rate" ? `${value.vat_rate} % incluse` : "Non applicable (art. 293 B du CGI)",
    },
    ...(value.vat_number ? [{ label: "N° TVA intracommunautaire", text: value.vat_number }] : []),
    { label: "Médiateur de la consommation", text: value.mediator_name },
    { label: "Site du médiateur", text: value.mediator_url },
  ],
  toForm: (value) => ({ ...value, vat_rate: String(value.vat_rate) }),
  toValue: (form) => ({ ...trimmedValue(form), vat_rate: parseDecimal(form.vat_rate) }),
  fields: [
    {
      name: "name",
      label: "Nom de la boutique",
      input: { required: true, maxLength: 120 },
      hint: "Affiché en tête du site, dans les titres et les e-mails.",
    },
    {
      name: "legal_name",
      label: "Nom ou dénomination du vendeur",
      input: { maxLength: 120 },
      hint: "Mentions légales, CGV et factures : votre prénom et nom suivis de « EI », ou la dénomination de la société.",
    },
    { name: "email", kind: "email", label: "E-mail", input: { autoComplete: "off" } },
    { name: "phone", kind: "tel", label: "Téléphone", input: { maxLength: 30 } },
    { name: "address", kind: "textarea", label: "Adresse", input: { maxLength: 300, rows: 2 } },
    {
      name: "legal_form",
      label: "Forme juridique",
      input: { maxLength: 80 },
      hint: "Mention obligatoire des factures (ex. : Entreprise individuelle, micro-entreprise).",
    },
    {
      name: "siret",
      label: "SIRET",
      input: { inputMode: "numeric", maxLength: 20 },
      hint: "14 chiffres, imprimé sur chaque facture.",
    },
    {
      name: "vat_mode",
      kind: "select",
      label: "Régime de TVA",
      options: [
        { value: "franchise", label: "Franchise en base (TVA non applicable, art. 293 B du CGI)" },
        { value: "rate", label: "TVA incluse dans les prix" },
      ],
    },
    { name: "vat_rate", label: "Taux de TVA (%)", input: { inputMode: "decimal" }, when: withVat },
    { name: "vat_number", label: "N° TVA intracommunautaire", input: { maxLength: 20 }, when: withVat },
    {
      name: "mediator_name",
      label: "Médiateur de la consommation",
      input: { maxLength: 120 },
      hint: "Obligatoire (art. L612-1 du Code de la consommation) : affiché dans le pied de page, les CGV et les e-mails de commande.",
    },
    {
      name: "mediator_url",
      kind: "url",
      label: "Site du médiateur",
      input: { inputMode: "url", maxLength: 300 },
      hint: "Adresse complète, commençant par https://.",
    },
  ],
};

const maintenance: CardSpec<"maintenance", MaintenanceForm> = {
  key: "maintenance",
  title: "Maintenance",
  badge: (value) => ({
    tone: value.enabled ? "danger" : "success",
    label: maintenanceStatusLabel(value.enabled),
  }),
  details: (value) => [
    { label: "Message", text: value.message, wide: true },
    {
      label: "Compte à rebours",
      text: `${value.countdown_hours} h ${String(value.countdown_minutes).padStart(2, "0")} min`,
    },
    ...(value.enabled && value.ends_at ? [{ label: "Fin prévue", text: formatDateTime(value.ends_at) }] : []),
  ],
  toForm: maintenanceForm,
  toValue: maintenanceValue,
  fields: [
    {
      name: "enabled",
      kind: "checkbox",
      label: "Activer le mode maintenance",
      hint: "Les visiteurs voient la page de maintenance ; les commandes sont suspendues.",
    },
    { name: "message", kind: "textarea", label: "Message", input: { maxLength: 500 } },
    [
      {
        name: "countdown_hours",
        kind: "number",
        label: "Compte à rebours : heures",
        input: { inputMode: "numeric", min: 0, max: COUNTDOWN_HOURS_MAX, step: 1 },
      },
      {
        name: "countdown_minutes",
        kind: "number",
        label: "Compte à rebours : minutes",
        input: { inputMode: "numeric", min: 0, max: COUNTDOWN_MINUTES_MAX, step: 1 },
      },
    ],
  ],
};

/** The owner's daily summary e-mail (issue 19): on by default; its e-mails link here to turn it off. */
const dailySummary: CardSpec<"daily_summary", AdminSettings["daily_summary"]> = {
  key: "daily_summary",
  title: "Résumé quotidien",
  badge: onOff,
  note: (from) =>
    "stored" in from ? (
      <p className="text-sm text-ink">
        {from.stored.enabled
          ? "Chaque matin à 8 h, s'il y a quelque chose à faire, la liste des choses à faire est envoyée à l'adresse e-mail de la boutique (carte Entreprise)."
          : "Aucun résumé n'est envoyé. La liste des choses à faire reste en haut de l'onglet Statistiques."}
      </p>
    ) : null,
  details: () => [],
  toForm: (value) => ({ ...value }),
  toValue: (form) => ({ enabled: form.enabled }),
  fields: [
    {
      name: "enabled",
      kind: "checkbox",
      label: "Recevoir chaque matin à 8 h le résumé des choses à faire",
      hint: "Envoyé à l'adresse e-mail de la boutique, seulement s'il y a quelque chose à faire.",
    },
  ],
};

/** Every card, in the tab's order; each drawn when the API answered its setting. */
export const SETTING_CARDS: readonly DeclaredCard[] = [
  card(bankTransfer),
  card(transferFollowUp),
  card(paypal),
  card(shipping),
  card(colissimo),
  card(company),
  card(maintenance),
  card(dailySummary),
];

export type SavedSetting = <K extends keyof AdminSettings>(key: K, value: AdminSettings[K]) => void;

export interface DeclaredCard {
  key: keyof AdminSettings;
  render: (settings: Partial<AdminSettings>, saved: SavedSetting) => ReactNode;
}

/** A declaration as a list entry: the closure keeps the card's own form type, which a list of specs would lose. */
function card<K extends keyof AdminSettings, F>(spec: CardSpec<K, F>): DeclaredCard {
  return {
    key: spec.key,
    render: (settings, saved) => {
      const value = settings[spec.key];
      return value ? (
        <SettingCard
          spec={spec}
          value={value}
          settings={settings}
          onSaved={(next) => saved(spec.key, next)}
        />
      ) : null;
    },
  };
}
