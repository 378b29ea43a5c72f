/**
 * Build-time facts for the legal pages (mentions légales, CGV, retours, FAQ): the company setting read from the
 * API (GET /api/settings/company, through build-api.ts) plus its legal fields when the API sends them
 * (legal_name, legal_form, siret, vat_number, vat_mode). A field the owner has not filled in yet is left out of the
 * pages, never shown as a placeholder: while a mandatory one is missing the shop takes no order, and the admin's
 * setup checklist names it (decision record 020); a sentence about a way to reach the shop is built by
 * contact-text.ts, which leaves it out until its value exists. Only for .astro frontmatter.
 */
import type { PublicCompany } from "../domain/settings/settings";
import type { ApiPath } from "./api/client";
import { buildReadHeaders, getCompany, shopApiUrl } from "./build-api";

const COMPANY_PATH: ApiPath = "/api/settings/company";

export interface LegalInfo
  extends Omit<PublicCompany, "siret" | "legal_name" | "legal_form" | "vat_number" | "vat_mode"> {
  /** Who sells: the legal name, or the shop's name until the owner gives it. */
  seller: string;
  legalForm: string | null;
  /** 14 digits grouped 3 3 3 5, or null. */
  siret: string | null;
  vatNumber: string | null;
  /** "franchise": VAT not charged (art. 293 B du CGI); "rate": prices include VAT; null: unknown. */
  vatMode: "franchise" | "rate" | null;
}

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
    const response = await fetch(`${shopApiUrl}${COMPANY_PATH}`, {
      headers: buildReadHeaders,
      signal: AbortSignal.timeout(15_000),
    });
    const body: unknown = response.ok ? await response.json() : null;
    if (body && typeof body === "object") extra = body as Record<string, unknown>;
  } catch {
    // getCompany() above succeeded: the legal fields are just not known; the pages leave them out.
  }
  const vatMode = extra.vat_mode === "franchise" || extra.vat_mode === "rate" ? extra.vat_mode : null;
  return {
    ...company,
    seller: text(extra.legal_name) ?? company.name,
    legalForm: text(extra.legal_form),
    siret: formatSiret(text(extra.siret)),
    vatNumber: text(extra.vat_number),
    vatMode,
  };
}
