/**
 * How the checkout is paid, without zod (the islands import this file): the methods the shop offers and the one to
 * select, and the bank details the transfer's success screen shows.
 */

export type PaymentChoice = "paypal" | "bank_transfer";

/** Which methods the shop offers now (GET /api/settings/checkout); unknown while loading: both shown. */
export type OfferedMethods = Readonly<Record<PaymentChoice, boolean>>;

/**
 * The method to select: the shopper's choice while it is offered, else the other one when it is (spec: PayPal first),
 * else the choice as it is (nothing is offered: the screen says the shop takes no order yet).
 */
export function offeredMethod(current: PaymentChoice, offered: OfferedMethods): PaymentChoice {
  if (offered[current]) return current;
  const other: PaymentChoice = current === "paypal" ? "bank_transfer" : "paypal";
  return offered[other] ? other : current;
}

/** The bank details the transfer screen shows; the spec's defaults where the settings are missing. */
export interface BankDetails {
  bic: string;
  beneficiary: string;
  bank_name: string;
}
/**
 * The bank details the success screen shows: the checkout settings' (the server sends them only while bank transfer is
 * set up, never a placeholder: decision record 020), or null when they are not known here; the confirmation e-mail
 * carries them in any case.
 */
export function knownBankDetails(details: Partial<BankDetails> | null | undefined): BankDetails | null {
  const bic = details?.bic?.trim();
  const beneficiary = details?.beneficiary?.trim();
  const bankName = details?.bank_name?.trim();
  return bic && beneficiary && bankName ? { bic, beneficiary, bank_name: bankName } : null;
}

/**
 * PayPal's script options, as @paypal/react-paypal-js's PayPalScriptProvider takes them (spec 7 "Payment button
 * options"): euros, captured at once, in French, the buttons only, PayPal and cards. The provider writes them into
 * the script's address as `client-id`, `currency`, `intent`, `locale`, `components` and `enable-funding`.
 */
export function paypalScriptOptions(clientId: string) {
  return {
    clientId,
    currency: "EUR",
    intent: "capture",
    locale: "fr_FR",
    components: "buttons",
    enableFunding: "card",
  } as const;
}

/** How PayPal's buttons look (spec 7): stacked, rounded, « Payer avec PayPal ». */
export const PAYPAL_BUTTON_STYLE = { layout: "vertical", shape: "pill", label: "pay" } as const;
