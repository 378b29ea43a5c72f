/**
 * What the shop needs before it can sell (decision record 020): LCEN art. 6, CGI art. 242 nonies A, Code de la
 * consommation L612-1, L616-1, and one payment method that works. Zod-free: the API and the dashboard share it.
 */

import { DomainError, errorCatalogue } from "../errors";
import { eurosToCents, formatEuros } from "../money";
import { isValidBic, isValidIban } from "./bank-details";
import { pickupOffered } from "./colissimo-rules";
import type {
  BankTransferSetting,
  CompanyInfoSetting,
  PaypalSetting,
  SettingKey,
  ShippingSetting,
} from "./settings";

export type SetupItemId = "company" | "mediator" | "bank_transfer" | "paypal" | "shipping";

export type SetupState = "done" | "missing" | "off";

export interface SetupItem {
  id: SetupItemId;
  label: string;
  setting: SettingKey;
  state: SetupState;
  missing: string[];
  detail: string;
}

export interface ShopSetup {
  items: SetupItem[];
  methods: { bank_transfer: boolean; paypal: boolean };
  canTakeOrders: boolean;
  blockers: string[];
}

export interface SetupSettings {
  company_info: CompanyInfoSetting;
  payment_bank_transfer: BankTransferSetting;
  payment_paypal: PaypalSetting;
  shipping: ShippingSetting;
  /** Optional: the order routes do not need it to decide whether the shop sells. */
  shipping_colissimo?: { contract_number: string; password: string };
}

const filled = (value: string | undefined) => Boolean(value?.trim());
const SIRET = /^\d{14}$/;

export function missingCompanyFields(company: CompanyInfoSetting): string[] {
  const missing: string[] = [];
  if (!filled(company.legal_name)) missing.push("nom ou dénomination");
  if (!filled(company.legal_form)) missing.push("forme juridique");
  if (!SIRET.test(company.siret.replace(/\s/g, ""))) missing.push("SIRET");
  if (!filled(company.address)) missing.push("adresse");
  if (!filled(company.email)) missing.push("e-mail");
  if (!filled(company.phone)) missing.push("téléphone");
  if (company.vat_mode === "rate" && !filled(company.vat_number)) missing.push("numéro de TVA");
  return missing;
}

export function missingMediatorFields(company: CompanyInfoSetting): string[] {
  const missing: string[] = [];
  if (!filled(company.mediator_name)) missing.push("nom du médiateur");
  if (!filled(company.mediator_url)) missing.push("site du médiateur");
  return missing;
}

export function missingBankFields(bank: BankTransferSetting): string[] {
  const missing: string[] = [];
  if (!isValidIban(bank.iban)) missing.push("IBAN");
  if (!isValidBic(bank.bic)) missing.push("BIC");
  if (!filled(bank.beneficiary)) missing.push("titulaire du compte");
  if (!filled(bank.bank_name)) missing.push("banque");
  return missing;
}

export function missingPaypalFields(paypal: PaypalSetting): string[] {
  const missing: string[] = [];
  if (!filled(paypal.client_id)) missing.push("Client ID");
  if (!filled(paypal.client_secret)) missing.push("Client Secret");
  if (!filled(paypal.webhook_id)) missing.push("identifiant du webhook");
  return missing;
}

/** money.ts: never « -0,00 € ». */
const euros = { format: (amount: number) => formatEuros(eurosToCents(amount)) };

function item(
  id: SetupItemId,
  label: string,
  setting: SettingKey,
  missing: string[],
  doneDetail: string,
  missingDetail: string,
): SetupItem {
  return missing.length
    ? {
        id,
        label,
        setting,
        state: "missing",
        missing,
        detail: `${missingDetail} Manque : ${missing.join(", ")}.`,
      }
    : { id, label, setting, state: "done", missing, detail: doneDetail };
}

export function shopSetup(settings: SetupSettings): ShopSetup {
  const { company_info: company, payment_bank_transfer: bank, payment_paypal: paypal, shipping } = settings;
  const companyItem = item(
    "company",
    "Identité de l'entreprise",
    "company_info",
    missingCompanyFields(company),
    `${company.legal_name}, ${company.legal_form}, SIRET ${company.siret}.`,
    "Obligatoire dans les mentions légales, les CGV et sur les factures.",
  );
  const mediatorItem = item(
    "mediator",
    "Médiateur de la consommation",
    "company_info",
    missingMediatorFields(company),
    `${company.mediator_name} (${company.mediator_url}).`,
    "Obligatoire pour vendre aux consommateurs (art. L612-1 du Code de la consommation).",
  );
  const bankMissing = missingBankFields(bank);
  const bankItem: SetupItem = bank.enabled
    ? item(
        "bank_transfer",
        "Virement bancaire",
        "payment_bank_transfer",
        bankMissing,
        `Proposé au paiement : ${bank.beneficiary}, ${bank.bank_name}.`,
        "Le virement n'est pas proposé aux clients tant que les coordonnées bancaires manquent.",
      )
    : {
        id: "bank_transfer",
        label: "Virement bancaire",
        setting: "payment_bank_transfer",
        state: "off",
        missing: [],
        detail: "Désactivé : le virement n'est pas proposé aux clients.",
      };
  const paypalItem = item(
    "paypal",
    "PayPal",
    "payment_paypal",
    missingPaypalFields(paypal),
    "Proposé au paiement, webhook renseigné.",
    "PayPal n'est pas proposé aux clients tant que les identifiants et le webhook manquent.",
  );
  const shippingItem: SetupItem = {
    id: "shipping",
    label: "Livraison",
    setting: "shipping",
    state: "done",
    missing: [],
    detail: `${shipping.shipping_company} : ${euros.format(shipping.standard_cost)}, offerte dès ${euros.format(shipping.free_shipping_threshold)} d'achats.${
      settings.shipping_colissimo && pickupOffered(settings.shipping_colissimo, company)
        ? ` Point relais : ${euros.format(shipping.pickup_cost)}, offert dès ${euros.format(shipping.pickup_free_shipping_threshold)} d'achats.`
        : ""
    }`,
  };

  const methods = { bank_transfer: bankItem.state === "done", paypal: paypalItem.state === "done" };
  const blockers: string[] = [];
  if (companyItem.state !== "done")
    blockers.push(`identité de l'entreprise incomplète (${companyItem.missing.join(", ")})`);
  if (mediatorItem.state !== "done") blockers.push("médiateur de la consommation non renseigné");
  if (!methods.bank_transfer && !methods.paypal) blockers.push("aucun moyen de paiement configuré");
  return {
    items: [companyItem, mediatorItem, bankItem, paypalItem, shippingItem],
    methods,
    canTakeOrders: blockers.length === 0,
    blockers,
  };
}

/** Never the owner's details. */
export const SHOP_NOT_READY_MESSAGE = errorCatalogue.SHOP_NOT_READY.message;

export function sellRefusal(setup: ShopSetup, method: keyof ShopSetup["methods"]): DomainError | null {
  if (!setup.canTakeOrders) return new DomainError("SHOP_NOT_READY", SHOP_NOT_READY_MESSAGE);
  if (method === "bank_transfer" && !setup.methods.bank_transfer)
    return new DomainError("BANK_TRANSFER_DISABLED");
  if (method === "paypal" && !setup.methods.paypal) return new DomainError("PAYPAL_NOT_CONFIGURED");
  return null;
}
