/**
 * « Signaler cet avis »: the texts the build prints and the answers the report script announces, in a module free of
 * zod and the API client so the product page's script stays small.
 */
export const REPORT_TITLE = "Signaler cet avis";
export const REPORT_LEGEND = "Pourquoi signalez-vous cet avis ?";
export const REPORT_SUBMIT = "Envoyer le signalement";
export const REPORT_SENDING = "Envoi…";
export const REPORT_CHOOSE = "Choisissez un motif de signalement.";
export const REPORT_THANKS = "Merci : votre signalement a été transmis à la savonnerie, qui va le lire.";
export const REPORT_FAILED = "Le signalement n'a pas pu être envoyé. Vérifiez votre connexion et réessayez.";
export const REPORT_GONE = "Cet avis n'est plus en ligne.";
export const REPORT_RATE_LIMITED = "Vous avez déjà signalé plusieurs avis aujourd'hui. Réessayez demain.";

/** The French answer to a report: its HTTP status (0 when the API could not be reached), the API's message. */
export function reportOutcome(status: number, message = ""): { ok: boolean; message: string } {
  if (status >= 200 && status < 300) return { ok: true, message: REPORT_THANKS };
  if (status === 429) return { ok: false, message: message || REPORT_RATE_LIMITED };
  if (status === 404) return { ok: false, message: REPORT_GONE };
  if (status === 400) return { ok: false, message: REPORT_CHOOSE };
  return { ok: false, message: REPORT_FAILED };
}
