import type { DataDeps } from "../../functions/services/deps";
import { getSetting, putSetting } from "../../functions/services/settings";
import { defaultSettings } from "../../src/domain/settings";

/**
 * The identity, mediator and bank details a shop needs before it takes orders (decision record 020), as an owner
 * fills them in. Tests that place orders start from a shop set up this way; a test of a new shop skips it.
 */
export const SHOP_IDENTITY = {
  email: "contact@savon-alep-artisanal.fr",
  phone: "04 90 00 00 00",
  address: "12 rue des Oliviers, 84000 Avignon, France",
  legal_name: "Mariam Haddad EI",
  legal_form: "Entreprise individuelle",
  siret: "123 456 789 00012",
  mediator_name: "CM2C",
  mediator_url: "https://www.cm2c.net",
} as const;

/** The whole company setting of a shop set up to sell. */
export const SHOP_COMPANY = { ...defaultSettings.company_info, ...SHOP_IDENTITY };

export const SHOP_BANK = {
  enabled: true,
  iban: "FR76 3000 6000 0112 3456 7890 189",
  bic: "AGRIFRPP",
  beneficiary: "Mariam Haddad",
  bank_name: "Crédit Agricole",
} as const;

/** Fills in what the shop needs to sell by bank transfer (PayPal is set up by withPaypalDouble). */
export async function setUpShopForSale(deps: DataDeps): Promise<void> {
  const company = await getSetting(deps, "company_info");
  await putSetting(deps, "company_info", { ...company, ...SHOP_IDENTITY });
  await putSetting(deps, "payment_bank_transfer", SHOP_BANK);
}

/**
 * PayPal as an owner sets it up (credentials and webhook), for tests that place a PayPal hold without calling PayPal;
 * the tests that do call it use withPaypalDouble.
 */
export const PAYPAL_SET_UP = {
  base_url: "https://api-m.sandbox.paypal.com",
  client_id: "client-abc",
  client_secret: "tres-secret",
  webhook_id: "WH-TEST",
} as const;
