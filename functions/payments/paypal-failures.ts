/**
 * What a customer or the owner reads when PayPal fails: French, saying whether money moved and what to do. PayPal's
 * English (error name, debug_id) is for developers and PayPal's support: logged, never answered. 503 while PayPal
 * cannot be reached or refuses our credentials, 502 for its own error, 402 for a declined card.
 */
import { DomainError } from "../../src/domain/errors";
import { PaypalError } from "../platform/adapters/paypal/error";

/** The words differ by step: was anything charged? refunded? recorded? */
export type PaypalSituation = "checkout" | "capture" | "refund" | "cancel-refund" | "other";

export function logPaypalFailure(error: PaypalError, context: Record<string, unknown> = {}): void {
  console.error(JSON.stringify({ ...error.logFields(), ...context }));
}

const credentialsRefused = (error: PaypalError) =>
  error.operation === "authenticate" && (error.status === 401 || error.status === 403);
const noAnswer = (error: PaypalError) => error.kind !== "answered";
const passing = (error: PaypalError) => noAnswer(error) || credentialsRefused(error) || error.status >= 500;

// Sentences are put together from parts: the Lambdas that carry them have size budgets.
const LATER = "réessayez dans quelques minutes";
const TRANSFER = "choisissez le paiement par virement";
const NOTHING = "rien n'a été débité";

function reason(error: PaypalError, what: "commande" | "paiement" | "remboursement"): string {
  if (noAnswer(error)) return "PayPal ne répond pas pour le moment";
  if (credentialsRefused(error))
    return what === "remboursement"
      ? "PayPal refuse les identifiants de la boutique (vérifiez l'identifiant client et le secret PayPal dans les paramètres de paiement)"
      : "Le paiement par PayPal est momentanément indisponible";
  if (error.status >= 500) return "PayPal a rencontré un problème passager";
  if (error.issue === "CAPTURE_FULLY_REFUNDED" || error.issue === "REFUND_AMOUNT_EXCEEDED")
    return "PayPal indique que ce paiement est déjà remboursé, en tout ou en partie";
  return what === "commande" ? "PayPal n'a pas accepté cette commande" : `PayPal a refusé le ${what}`;
}

function answerFor(error: PaypalError, situation: PaypalSituation): DomainError {
  if (situation === "capture" && error.issue === "INSTRUMENT_DECLINED")
    return new DomainError("PAYMENT_DECLINED");
  if (
    situation === "capture" &&
    (error.issue === "ORDER_NOT_APPROVED" || error.issue === "PAYER_ACTION_REQUIRED")
  )
    return new DomainError("PAYPAL_NOT_APPROVED");
  let message: string;
  if (situation === "checkout") {
    message = `${reason(error, "commande")}. Rien n'a été débité : ${passing(error) ? `${LATER}, ou ${TRANSFER}` : `${TRANSFER}, ou réessayez plus tard`}.`;
  } else if (situation === "capture") {
    // Only an answer PayPal never gave leaves the capture unknown: the reconciliation then settles it.
    message = noAnswer(error)
      ? `${reason(error, "paiement")} : votre paiement n'est pas confirmé. Réessayez dans quelques minutes ; un paiement déjà débité est enregistré automatiquement, jamais débité deux fois.`
      : `${reason(error, "paiement")} : ${NOTHING}. ${passing(error) ? `Réessayez dans quelques minutes, ou ${TRANSFER}` : `Relancez le paiement, ou ${TRANSFER}`}.`;
  } else if (situation === "refund") {
    message = `${reason(error, "remboursement")} : le remboursement n'est pas fait et rien n'a été enregistré. ${passing(error) ? "Réessayez dans quelques minutes : un même remboursement n'est jamais fait deux fois." : "Vérifiez le paiement dans votre compte PayPal."}`;
  } else if (situation === "cancel-refund") {
    message = `La commande est annulée, mais le remboursement PayPal reste à effectuer : ${reason(error, "remboursement")}. Réessayez en marquant le paiement « Remboursé », ou remboursez depuis votre compte PayPal.`;
  } else {
    message = passing(error)
      ? `PayPal est momentanément indisponible : ${LATER}.`
      : "PayPal n'a pas accepté cette opération : réessayez plus tard.";
  }
  return new DomainError(
    noAnswer(error) || credentialsRefused(error) ? "PAYPAL_UNAVAILABLE" : "PAYPAL_ERROR",
    message,
  );
}

/** Anything that is not a PayPal failure is thrown again unchanged. */
export function paypalFailure(
  error: unknown,
  situation: PaypalSituation,
  context: Record<string, unknown> = {},
): DomainError {
  if (error instanceof DomainError) return error;
  if (!(error instanceof PaypalError)) throw error;
  logPaypalFailure(error, context);
  return answerFor(error, situation);
}
