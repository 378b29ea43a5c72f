/**
 * The EPC QR code ("GiroCode") of a bank transfer: EPC069-12 (version 3.x), section 3.4; drawn at level M by
 * functions/platform/adapters/qr-image.ts. Decision record 025.
 */

import type { Cents } from "../money";
import { compactIban, isValidBic, isValidIban } from "../settings/bank-details";

/** EPC069-12, section 3.4. */
export const EPC_LIMITS = {
  beneficiary: 70,
  iban: 34,
  structuredRemittance: 35,
  unstructuredRemittance: 140,
  /** What a version 13 QR code holds at level M. */
  payloadBytes: 331,
  maxAmount: 99_999_999_999 as Cents,
} as const;

export interface EpcTransfer {
  /** Exactly as on the account: the payer's bank checks it against the IBAN. */
  beneficiary: string;
  iban: string;
  /** Optional since version 002 inside the EEA. */
  bic?: string;
  amount: Cents;
  reference: string;
}

export type EpcPayload = { ok: true; payload: string } | { ok: false; reason: string };

/** ISO 7064 MOD 97-10, as for an IBAN. */
function mod97(alphanumeric: string): number {
  let remainder = 0;
  for (const char of alphanumeric) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** ISO 11649: banking apps check its digits, and a hyphen is not allowed in the structured field. */
export function creditorReference(reference: string): string | null {
  const body = reference.toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (!body || body.length > 21) return null;
  const check = 98 - mod97(`${body}RF00`);
  return `RF${String(check).padStart(2, "0")}${body}`;
}

export function isCreditorReference(value: string): boolean {
  return /^RF\d{2}[A-Z0-9]{1,21}$/.test(value) && mod97(`${value.slice(4)}${value.slice(0, 4)}`) === 1;
}

export function epcAmount(amount: Cents): string {
  const euros = Math.floor(amount / 100);
  return `EUR${euros}.${String(amount % 100).padStart(2, "0")}`;
}

/** A control character would shift every field after it. */
const hasControlCharacter = (value: string) => /\p{Cc}/u.test(value);

/**
 * Fields separated by LF in the guideline's order; trailing empty fields left out. No QR code when the settings
 * cannot make a valid one; a name is never shortened (the payer's bank checks it: Verification of Payee).
 */
export function epcPayload(transfer: EpcTransfer): EpcPayload {
  const beneficiary = transfer.beneficiary.trim();
  const iban = compactIban(transfer.iban);
  const bic = (transfer.bic ?? "").replace(/\s+/g, "").toUpperCase();
  if (!beneficiary) return { ok: false, reason: "no account holder name" };
  if (hasControlCharacter(beneficiary)) return { ok: false, reason: "control character in the name" };
  if ([...beneficiary].length > EPC_LIMITS.beneficiary)
    return { ok: false, reason: `account holder name over ${EPC_LIMITS.beneficiary} characters` };
  if (!iban || !isValidIban(iban)) return { ok: false, reason: "no valid IBAN" };
  if (bic && !isValidBic(bic)) return { ok: false, reason: "invalid BIC" };
  if (!Number.isInteger(transfer.amount) || transfer.amount < 1 || transfer.amount > EPC_LIMITS.maxAmount)
    return { ok: false, reason: "amount outside 0.01 to 999999999.99 EUR" };
  const reference = creditorReference(transfer.reference);
  if (!reference) return { ok: false, reason: "no usable transfer reference" };
  const payload = [
    "BCD",
    "002",
    "1",
    "SCT",
    bic,
    beneficiary,
    iban,
    epcAmount(transfer.amount),
    "",
    reference,
  ].join("\n");
  if (new TextEncoder().encode(payload).length > EPC_LIMITS.payloadBytes)
    return { ok: false, reason: `payload over ${EPC_LIMITS.payloadBytes} bytes` };
  return { ok: true, payload };
}
