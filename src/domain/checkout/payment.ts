/** How the checkout is paid, without zod: the islands import it. */

export type PaymentChoice = "paypal" | "bank_transfer";

/** Unknown while loading: both shown. */
export type OfferedMethods = Readonly<Record<PaymentChoice, boolean>>;

/** The choice while offered, else the other (spec: PayPal first), else unchanged (the screen says the shop is closed). */
export function offeredMethod(current: PaymentChoice, offered: OfferedMethods): PaymentChoice {
  if (offered[current]) return current;
  const other: PaymentChoice = current === "paypal" ? "bank_transfer" : "paypal";
  return offered[other] ? other : current;
}

export interface BankDetails {
  bic: string;
  beneficiary: string;
  bank_name: string;
}
/** Never a placeholder (decision record 020): null when not known here; the e-mail carries them anyway. */
export function knownBankDetails(details: Partial<BankDetails> | null | undefined): BankDetails | null {
  const bic = details?.bic?.trim();
  const beneficiary = details?.beneficiary?.trim();
  const bankName = details?.bank_name?.trim();
  return bic && beneficiary && bankName ? { bic, beneficiary, bank_name: bankName } : null;
}

/** Spec 7 "Payment button options", as PayPalScriptProvider takes them. */
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

/** Spec 7. */
export const PAYPAL_BUTTON_STYLE = { layout: "vertical", shape: "pill", label: "pay" } as const;
