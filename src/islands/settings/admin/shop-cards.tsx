import { formatDateTime } from "../../../domain/admin/admin-format";
import {
  type AdminSettings,
  COUNTDOWN_HOURS_MAX,
  COUNTDOWN_MINUTES_MAX,
  type MaintenanceForm,
  maintenanceForm,
  maintenanceStatusLabel,
  maintenanceValue,
  trimmedValue,
} from "../../../domain/settings/admin-settings";
import type { CompanyInfoSetting } from "../../../domain/settings/settings";
import { parseDecimal } from "../../../domain/typed-numbers";
import { onOff } from "./payment-cards";
import type { CardSpec } from "./SettingCard";

/** The cards of the shop itself (cards.tsx lists them all): the company, maintenance, the daily summary. */

type CompanyForm = Omit<CompanyInfoSetting, "vat_rate"> & { vat_rate: string };
const withVat = (form: CompanyForm) => form.vat_mode === "rate";

export const company: CardSpec<"company_info", CompanyForm> = {
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

export const maintenance: CardSpec<"maintenance", MaintenanceForm> = {
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

/** The owner's daily summary e-mail: on by default; its e-mails link here to turn it off. */
export const dailySummary: CardSpec<"daily_summary", AdminSettings["daily_summary"]> = {
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
