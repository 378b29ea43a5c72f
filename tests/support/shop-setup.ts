import type { DataDeps } from "../../functions/platform/deps";
import { putSetting } from "../../functions/settings/service";
import { defaultSettings } from "../../src/domain/settings/settings";
import shopSettings from "../fixtures/shop-settings.json" with { type: "json" };

/**
 * The identity, mediator and bank details a shop needs before it takes orders (decision record 020), as an owner
 * fills them in: tests/fixtures/shop-settings.json, which the end-to-end shop is also seeded with (SEED_SETTINGS).
 * Tests that place orders start from a shop set up this way; a test of a new shop skips it.
 */
export const SHOP_IDENTITY = shopSettings.company_info;

/** The whole company setting of a shop set up to sell. */
export const SHOP_COMPANY = { ...defaultSettings.company_info, ...SHOP_IDENTITY };

/** The company setting of a shop that charges VAT at 20 % (its SIRET and its intra-community VAT number). */
export const SHOP_COMPANY_WITH_VAT = {
  ...SHOP_COMPANY,
  siret: "123 456 789 00012",
  vat_mode: "rate" as const,
  vat_rate: 20,
  vat_number: "FR12123456789",
};

export const SHOP_BANK = shopSettings.payment_bank_transfer;

/** Fills in what the shop needs to sell by bank transfer (PayPal is set up by withPaypalDouble). */
export async function setUpShopForSale(deps: DataDeps): Promise<void> {
  await putSetting(deps, "company_info", SHOP_COMPANY);
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
