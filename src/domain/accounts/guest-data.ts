/**
 * A guest's rights over her data (GDPR art. 15, 17, 20): she has no account, so she proves her e-mail by a
 * link mailed to it, and the link lets her download or erase what the shop holds about her orders placed without an
 * account. Zod-free: the page (src/islands/accounts/GuestData.tsx) uses it too. The server's part:
 * functions/personal-data/guest/.
 *
 * - The link carries a random token (32 bytes, base64url) in the URL's fragment (`/mes-donnees#jeton=<token>`): never
 *   sent to a server, so never in a log nor a Referer; the page posts it. Only its SHA-256 is kept, bound to the
 *   normalised e-mail, for GUEST_DATA_LINK_HOURS. It may download the data as often as the export's limit allows; it
 *   erases once.
 * - Asking for a link answers the same whatever the e-mail (GUEST_DATA_REQUEST_ANSWER): whether someone ordered
 *   with an address is nobody else's business.
 */
import type { RateLimitRule } from "../rate-limit";
import { exportTitle } from "./personal-data";

export const GUEST_DATA_LINK_HOURS = 24;

export const GUEST_DATA_LINK_PARAMETER = "jeton";

export const GUEST_DATA_PAGE = "/mes-donnees";

/** A token as minted: 32 random bytes, base64url (43 characters). */
export const GUEST_DATA_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The link's path, its token in the fragment (prefix the site's origin for a mail). */
export function guestDataPath(token: string): string {
  return `${GUEST_DATA_PAGE}#${GUEST_DATA_LINK_PARAMETER}=${token}`;
}

/** The token of the link, read from a location's fragment (`#jeton=...`), or null. */
export function guestDataTokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get(GUEST_DATA_LINK_PARAMETER);
  return token && GUEST_DATA_TOKEN_PATTERN.test(token) ? token : null;
}

/** The answer to every request for a link, known e-mail or not. */
export const GUEST_DATA_REQUEST_ANSWER = `Si des commandes passées sans compte existent pour cette adresse, nous venons de vous envoyer un lien. Il est valable ${GUEST_DATA_LINK_HOURS} heures.`;

/** The refusal of a link unknown, expired, or already used to erase. */
export const GUEST_DATA_LINK_INVALID = "Ce lien n'est plus valable : demandez-en un nouveau.";

/**
 * What a guest's erased orders name as their owner: nothing of her. Still a guest's (`guest:` prefix, so the owner's
 * views keep saying « Invité »), but one per order, so that the customer index no longer gathers them under anyone.
 */
export function erasedGuestUserId(orderId: string): string {
  return `guest:erased:${orderId}`;
}

/** The limits of this feature (src/domain/rate-limit.ts keeps the shop's others; same arithmetic). */
export const guestDataLimits = {
  /** Requests for a link, per client address, whatever the e-mail: an address cannot probe e-mails in bulk. */
  requestsPerAddress: {
    max: 10,
    windowMinutes: 60,
    message: "Trop de demandes de lien depuis cette connexion. Réessayez dans une heure.",
  },
  /** Links mailed, per e-mail (silently: the answer stays the same). */
  mailsPerEmail: { max: 3, windowMinutes: 60 },
  /** Exports, per e-mail: each renders every document of her orders (as rateLimits.dataExportsPerUser). */
  exportsPerEmail: {
    max: 5,
    windowMinutes: 60,
    message: "Vous avez déjà demandé plusieurs exports de vos données : réessayez dans une heure.",
  },
} as const satisfies Record<string, RateLimitRule>;

/** The French notice at the root of a guest's export: what each file holds, and that there is no account. */
export function guestExportReadme(shopName: string, at: Date, documents: readonly string[]): string {
  return [
    exportTitle(shopName, at),
    "",
    "Vous avez commandé sans compte : nous ne conservons pas de compte à votre nom, seulement vos commandes,",
    "rattachées à votre adresse e-mail.",
    "",
    "donnees.json : vos commandes passées sans compte avec cette adresse e-mail, leur suivi et leurs remboursements,",
    "vos demandes de rétractation, vos demandes d'alerte de retour en stock faites avec cette adresse, et, le cas",
    "échéant, le refus de cette adresse par notre service d'envoi d'e-mails, dans un format lisible par une machine",
    "(RGPD, articles 15 et 20).",
    documents.length > 0
      ? `factures/ : ${documents.length} document(s) PDF, vos factures et avoirs tels qu'ils ont été émis.`
      : "Aucune facture ni aucun avoir n'a encore été émis pour vos commandes.",
    "",
    "Votre choix sur la mesure d'audience (cookies) n'est conservé que dans votre navigateur : il n'est pas chez nous.",
    "Les conditions générales de vente sont acceptées à chaque commande.",
    "",
    `Pour effacer ces données : page « Mes données » (${GUEST_DATA_PAGE}), avec un lien reçu par e-mail.`,
    "Les factures et avoirs sont conservés 10 ans, comme la loi l'exige.",
  ].join("\n");
}
