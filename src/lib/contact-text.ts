/**
 * How the pages tell a visitor where to reach the shop, from the company setting only: every
 * sentence that refers to the e-mail address, the phone or the postal address cites the value itself, and a sentence
 * whose value the owner has not given yet is left out: no promise that the e-mail address comes soon, no pointer to
 * an address "above" that is not printed (contact-text.test.ts scans the pages for both). A new shop takes no order
 * until the e-mail and the address are filled in (decision record 020), so nothing a customer needs is missing
 * meanwhile; the admin's setup checklist names the gaps.
 */
import { html, type SafeHtml } from "./safe-html";

/** The contact fields of the company setting (PublicCompany): an empty string is a field not filled in yet. */
export interface ContactFacts {
  email: string;
  phone: string;
  address: string;
}

export interface MeansOptions {
  /** The subject of the mail, e.g. "Retour de commande". */
  subject?: string;
  /** Also by post, to the postal address (for a notice: withdrawal, complaint, personal data). */
  post?: boolean;
  /** By phone too (default): false for a written notice, such as a withdrawal declaration. */
  phone?: boolean;
}

const filled = (value: string) => value.trim() !== "";

/** The address as written on one line (the setting may hold line breaks). */
export function oneLineAddress(address: string): string {
  return address
    .trim()
    .split(/\s*\n\s*/)
    .filter(Boolean)
    .join(", ");
}

/** The shop's e-mail address as a mailto link, or null while it is not given. */
export function mailLink(facts: Pick<ContactFacts, "email">, subject?: string): SafeHtml | null {
  const email = facts.email.trim();
  if (!filled(email)) return null;
  const query = subject ? `?subject=${encodeURIComponent(subject)}` : "";
  return html`<a href="mailto:${email}${query}">${email}</a>`;
}

/** The phone as a tel: link, or null while it is not given. */
export function phoneLink(facts: Pick<ContactFacts, "phone">): SafeHtml | null {
  const phone = facts.phone.trim();
  if (!filled(phone)) return null;
  return html`<a href="tel:${phone.replace(/[^\d+]/g, "")}">${phone}</a>`;
}

/** "a", "a ou b", "a, b ou c". */
function orList(parts: SafeHtml[]): SafeHtml {
  if (parts.length <= 1) return parts[0] ?? html``;
  const head = parts.slice(0, -1);
  const joined = head.flatMap((part, index) => (index === 0 ? [part] : [html`, `, part]));
  return html`${joined} ou ${parts[parts.length - 1]}`;
}

/**
 * « par e-mail à x@y.fr, par téléphone au 01 23 45 67 89 ou par courrier à l'adresse 1 rue…, 75001 Paris »: each way the
 * settings give, with its value; null when there is none (the sentence that would use it is left out).
 */
export function contactMeans(facts: ContactFacts, options: MeansOptions = {}): SafeHtml | null {
  const parts: SafeHtml[] = [];
  const mail = mailLink(facts, options.subject);
  if (mail) parts.push(html`par e-mail à ${mail}`);
  const phone = options.phone === false ? null : phoneLink(facts);
  if (phone) parts.push(html`par téléphone au ${phone}`);
  if (options.post && filled(facts.address))
    parts.push(html`par courrier à l'adresse ${oneLineAddress(facts.address)}`);
  return parts.length > 0 ? orList(parts) : null;
}

/** « Contactez-nous par e-mail à … ou par téléphone au … » with what follows, or null without any means. */
export function contactUs(facts: ContactFacts, options: MeansOptions = {}, after = ""): SafeHtml | null {
  const means = contactMeans(facts, options);
  return means ? html`Contactez-nous ${means}${after}` : null;
}
