/**
 * A guest's rights over her data (GDPR art. 15, 17, 20), proven by a link mailed to her e-mail; zod-free, the page uses
 * it too (server: functions/personal-data/guest/). The token rides in the URL's fragment, never in a log nor a
 * Referer; only its SHA-256 is kept. A request answers the same whatever the e-mail.
 */
import type { RateLimitRule } from "../rate-limit";
import { exportTitle } from "./personal-data";

export const GUEST_DATA_LINK_HOURS = 24;

export const GUEST_DATA_LINK_PARAMETER = "jeton";

export const GUEST_DATA_PAGE = "/mes-donnees";

/** 32 random bytes, base64url. */
export const GUEST_DATA_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function guestDataPath(token: string): string {
  return `${GUEST_DATA_PAGE}#${GUEST_DATA_LINK_PARAMETER}=${token}`;
}

export function guestDataTokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get(GUEST_DATA_LINK_PARAMETER);
  return token && GUEST_DATA_TOKEN_PATTERN.test(token) ? token : null;
}

/** Known e-mail or not: whether someone ordered is nobody else's business. */
export const GUEST_DATA_REQUEST_ANSWER = `Si des commandes passées sans compte existent pour cette adresse, nous venons de vous envoyer un lien. Il est valable ${GUEST_DATA_LINK_HOURS} heures.`;

export const GUEST_DATA_LINK_INVALID = "Ce lien n'est plus valable : demandez-en un nouveau.";

/** Still a guest's (`guest:`, shown « Invité ») but one per order, so the customer index gathers them under nobody. */
export function erasedGuestUserId(orderId: string): string {
  return `guest:erased:${orderId}`;
}

export const guestDataLimits = {
  /** Per client address, whatever the e-mail: no probing e-mails in bulk. */
  requestsPerAddress: {
    max: 10,
    windowMinutes: 60,
    message: "Trop de demandes de lien depuis cette connexion. Réessayez dans une heure.",
  },
  /** Silently: the answer stays the same. */
  mailsPerEmail: { max: 3, windowMinutes: 60 },
  /** Each renders every document of her orders. */
  exportsPerEmail: {
    max: 5,
    windowMinutes: 60,
    message: "Vous avez déjà demandé plusieurs exports de vos données : réessayez dans une heure.",
  },
} as const satisfies Record<string, RateLimitRule>;

export function guestExportReadme(shopName: string, at: Date, documents: readonly string[]): string {
  return [
    exportTitle(shopName, at),
    "",
    "Vous avez commandé sans compte : nous ne conservons pas de compte à votre nom, seulement vos commandes,",
    "rattachées à votre adresse e-mail.",
    "",
    "donnees.json : vos commandes passées sans compte avec cette adresse e-mail, leur suivi et leurs remboursements,",
    "vos demandes de rétractation, vos demandes d'alerte de retour en stock faites avec cette adresse, vos avis sur nos",
    "produits (avec leur état et leurs dates), et, le cas échéant, votre refus des invitations à donner un avis et le",
    "refus de cette adresse par notre service d'envoi d'e-mails, dans un format lisible par une machine",
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
