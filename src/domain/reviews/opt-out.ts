/** The review invitation's opt-out link: no dependency, so the page's script ships none. */

/** The page the mail's opt-out link opens: it shows a button, so a mail scanner following links opts nobody out. */
export const REVIEW_OPT_OUT_PAGE = "/avis-clients/desinscription";
/** The fragment's name carrying the link's token: never sent to a server, never in a log. */
export const REVIEW_OPT_OUT_PARAMETER = "jeton";
/** Where the page (and a mail client's one-click unsubscribe, RFC 8058) posts the token. */
export const REVIEW_OPT_OUT_API = "/api/reviews/invitations/opt-out";

/** 32 random bytes in base64url. */
export const REVIEW_OPT_OUT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const OPT_OUT_LINK_INVALID =
  "Ce lien de désinscription n'est pas valide ou a expiré. Utilisez celui du dernier e-mail reçu, ou écrivez-nous.";
export const OPTED_OUT_MESSAGE =
  "C'est noté : vous ne recevrez plus d'invitation à donner votre avis. Les e-mails de vos commandes continuent d'arriver.";

export function reviewOptOutPath(token: string): string {
  return `${REVIEW_OPT_OUT_PAGE}#${REVIEW_OPT_OUT_PARAMETER}=${token}`;
}

/** The token in a page's fragment (`#jeton=…`), or null. */
export function optOutTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get(REVIEW_OPT_OUT_PARAMETER);
  return token && REVIEW_OPT_OUT_TOKEN_PATTERN.test(token) ? token : null;
}
