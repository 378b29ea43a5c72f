/**
 * Build-time facts for the legal pages (mentions légales, CGV, retours, FAQ): the company setting read from the
 * API (GET /api/settings/company, through build-api.ts) plus its legal fields when the API sends them
 * (legal_form, siret, vat_number, vat_mode). A field the API does not send yet is shown as "à compléter", so a
 * missing mandatory mention is visible instead of silently absent. Only for .astro frontmatter.
 */
import type { PublicCompany } from "../domain/settings";
import { getCompany, shopApiUrl } from "./build-api";

export interface LegalInfo extends Omit<PublicCompany, "siret" | "legal_form" | "vat_number" | "vat_mode"> {
  legalForm: string | null;
  /** 14 digits grouped 3 3 3 5, or null. */
  siret: string | null;
  vatNumber: string | null;
  /** "franchise": VAT not charged (art. 293 B du CGI); "rate": prices include VAT; null: unknown. */
  vatMode: "franchise" | "rate" | null;
}

/** Shown where a mandatory legal mention is not filled in in the admin settings yet. */
export const TO_COMPLETE = "à compléter";

/**
 * The host of the site (AWS, through SST): mandatory in the mentions légales (LCEN art. 6, III).
 * Amazon Web Services EMEA SARL is the contracting entity for customers in the EEA.
 */
export const HOST = {
  name: "Amazon Web Services EMEA SARL",
  address: "38 avenue John F. Kennedy, L-1855 Luxembourg",
  phone: "+352 2789 0057",
  website: "https://aws.amazon.com/fr/",
};

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/** "12345678901234" -> "123 456 789 01234" (SIREN + NIC). */
export function formatSiret(value: string | null): string | null {
  const digits = value?.replace(/\s/g, "") ?? "";
  return /^\d{14}$/.test(digits)
    ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}`
    : null;
}

let pending: Promise<LegalInfo> | undefined;

export function getLegalInfo(): Promise<LegalInfo> {
  pending ??= load();
  return pending;
}

async function load(): Promise<LegalInfo> {
  const company = await getCompany();
  // The public shape may carry the legal fields; build-api's schema keeps only the ones it knows.
  let extra: Record<string, unknown> = {};
  try {
    const response = await fetch(`${shopApiUrl}/api/settings/company`, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(15_000),
    });
    const body: unknown = response.ok ? await response.json() : null;
    if (body && typeof body === "object") extra = body as Record<string, unknown>;
  } catch {
    // getCompany() above succeeded: the legal fields are just not known; the pages say "à compléter".
  }
  const vatMode = extra.vat_mode === "franchise" || extra.vat_mode === "rate" ? extra.vat_mode : null;
  return {
    ...company,
    legalForm: text(extra.legal_form),
    siret: formatSiret(text(extra.siret)),
    vatNumber: text(extra.vat_number),
    vatMode,
  };
}
