import { inertText } from "../../src/domain/mail/visitor-text";

/**
 * What every mail of the shop shares: its HTML layout, the escaping of what visitors typed, the greeting, and what
 * every order e-mail says of the shop (its consumer mediator). Each feature writes its own mails with these.
 */

/**
 * Escapes text for the HTML part of a mail. A word joiner (visitor text made inert, src/domain/mail/visitor-text.ts)
 * stays, and the character after it gets an element of its own: clients that drop invisible characters still see
 * no address or number across two elements.
 */
export function escapeHtml(text: string): string {
  const entity = (char: string) => char.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return text.replace(/\u2060([^\u2060])|[&<>"']/gu, (match, joined?: string) =>
    joined === undefined ? entity(match) : `&#8288;<span>${entity(joined)}</span>`,
  );
}

/** « Bonjour <name>, »: the name is the one its holder typed, so it is made inert (it never becomes a link). */
export function greetingLine(fullName: string | null | undefined): string {
  return fullName ? `Bonjour ${inertText(fullName)},` : "Bonjour,";
}

export function layout(
  shopName: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const button = action ? buttonHtml(action) : "";
  return `<!doctype html><html lang="fr"><body style="font-family:Georgia,serif;color:#2b2b24;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#4d5b2a">${escapeHtml(shopName)}</h1>${body}${button}</body></html>`;
}

/** The HTML part's button (the same as layout's). */
export function buttonHtml(action: { label: string; url: string }): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4d5b2a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`;
}

/** What every order e-mail says of the shop: its name, its address on the web, its consumer mediator. */
export interface ShopMailContext {
  shopName: string;
  siteUrl: string;
  /** The consumer mediator (L616-1), once the owner has named it (src/domain/settings/settings.ts consumerMediator). */
  mediator?: { name: string; url: string } | null;
  /** The shop's postal address (company setting), where goods are sent back; empty while not given. */
  address?: string;
  /**
   * A guest order's link token, minted by the server for this mail; null or absent for a customer's
   * order. Its order mails then link to the guest's tracking page and withdrawal form instead of the account's.
   */
  guestToken?: string | null;
}

/** Code de la consommation L616-1: the mediator's name and website in the order e-mails, once it is named. */
export function mediatorLines(context: ShopMailContext): string[] {
  const { mediator } = context;
  return mediator
    ? [
        `En cas de litige, après une réclamation écrite auprès de nous, vous pouvez recourir gratuitement au médiateur de la consommation : ${mediator.name} (${mediator.url}).`,
      ]
    : [];
}
