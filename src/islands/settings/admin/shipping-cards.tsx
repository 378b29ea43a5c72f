import { formatAmount } from "../../../domain/admin/admin-format";
import {
  type AdminSettings,
  COLISSIMO_HOME_PRODUCTS,
  COLISSIMO_LABEL_FORMATS,
  type ColissimoForm,
  colissimoForm,
  colissimoStatus,
  colissimoValue,
  optionsOf,
  SECRET_MASK,
  type ShippingForm,
  secretDisplay,
  shippingForm,
  shippingValue,
} from "../../../domain/settings/admin-settings";
import type { CardSpec } from "./SettingCard";

/** The cards of the delivery (cards.tsx lists them all): the prices of « Livraison », the Colissimo contract. */

/** Whether shoppers are offered delivery to a pick-up point now; it needs the « Colissimo » card. */
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

export const shipping: CardSpec<"shipping", ShippingForm> = {
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
 * The shop's Colissimo contract. Complete (with the shop's address of the « Entreprise » card), each paid
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

export const colissimo: CardSpec<"shipping_colissimo", ColissimoForm> = {
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
