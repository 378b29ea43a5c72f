/**
 * The EPC QR code ("GiroCode") of a bank transfer: the text a banking app reads to fill in a SEPA credit transfer.
 * Standard: EPC069-12 "Quick Response Code: Guidelines to Enable Data Capture for the Initiation of a SEPA Credit
 * Transfer" (version 3.x), section 3.4. Pure: the QR image is drawn elsewhere (functions/platform/adapters/qr-image.ts), at
 * error correction level M as the guideline asks. Decision record 025 explains the choices.
 */

import type { Cents } from "../money";
import { compactIban, isValidBic, isValidIban } from "../settings/bank-details";

/** The guideline's limits (EPC069-12 table of section 3.4). */
export const EPC_LIMITS = {
  beneficiary: 70,
  iban: 34,
  structuredRemittance: 35,
  unstructuredRemittance: 140,
  /** The whole payload, in bytes: what a version 13 QR code holds at level M. */
  payloadBytes: 331,
  /** 999 999 999,99 EUR, the largest amount the field can carry. */
  maxAmount: 99_999_999_999 as Cents,
} as const;

export interface EpcTransfer {
  /** The account holder's name, exactly as on the account (the payer's bank checks it against the IBAN). */
  beneficiary: string;
  iban: string;
  /** Optional since version 002 inside the EEA; written when the shop gave one. */
  bic?: string;
  amount: Cents;
  /** The order's transfer reference (« CMD-XXXXXXXX »), turned into an ISO 11649 creditor reference. */
  reference: string;
}

export type EpcPayload = { ok: true; payload: string } | { ok: false; reason: string };

/** Letters count as 10 to 35 (ISO 7064 MOD 97-10, as for an IBAN); the remainder of the whole number by 97. */
function mod97(alphanumeric: string): number {
  let remainder = 0;
  for (const char of alphanumeric) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/**
 * The ISO 11649 creditor reference of a shop reference: "RF", two check digits, then the reference's letters and
 * digits (at most 21). "CMD-01ABCDEF" -> "RF" + kk + "CMD01ABCDEF". Null when nothing alphanumeric is left or it
 * is too long. Banking apps check these digits, which is why the structured field carries this and not the raw
 * reference (a hyphen is not even allowed there).
 */
export function creditorReference(reference: string): string | null {
  const body = reference.toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (!body || body.length > 21) return null;
  const check = 98 - mod97(`${body}RF00`);
  return `RF${String(check).padStart(2, "0")}${body}`;
}

/** True for a well-formed ISO 11649 reference whose check digits are right. */
export function isCreditorReference(value: string): boolean {
  return /^RF\d{2}[A-Z0-9]{1,21}$/.test(value) && mod97(`${value.slice(4)}${value.slice(0, 4)}`) === 1;
}

/** "EUR12.34": the euros with a decimal point and two decimals (the field allows up to two). */
export function epcAmount(amount: Cents): string {
  const euros = Math.floor(amount / 100);
  return `EUR${euros}.${String(amount % 100).padStart(2, "0")}`;
}

/** A line break or another control character would shift every field after it: such a value gives no QR code. */
const hasControlCharacter = (value: string) => /\p{Cc}/u.test(value);

/**
 * The payload of the EPC QR code, fields separated by LF, in the guideline's order:
 * BCD / 002 / 1 (UTF-8) / SCT / BIC / beneficiary / IBAN / EUR amount / purpose (empty) / structured remittance
 * (the order's creditor reference) — the unstructured remittance and the note to the payer stay empty, so the
 * payload ends there (trailing empty fields may be left out).
 *
 * When the bank settings cannot make a valid code (no IBAN, no account holder, a name longer than the 70
 * characters the field holds, an amount of zero...), there is no QR code: the reason says why, for the logs. A
 * name is never shortened: the payer's bank compares it with the IBAN's holder (Verification of Payee).
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
