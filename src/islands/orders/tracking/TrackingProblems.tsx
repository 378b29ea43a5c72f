import { openAuthModal } from "../../../stores/auth-modal";
import { ErrorPanel } from "./TrackingParts";

/** Messages of spec 8 "Tracking", verbatim (the documents' own are in OrderDocuments.tsx). */
const messages = {
  missing: "Utilisateur non connecté ou ID de commande manquant.",
  notFound: "Commande non trouvée.",
  failed: "Erreur lors du chargement des détails de la commande.",
  loadTitle: "Erreur de chargement",
  notFoundTitle: "Commande introuvable",
  notFoundText: "L'ID de commande spécifié n'a pas pu être trouvé.",
  /** A guest's revoked or expired link answers 404 like an unknown order; she can ask for a new one. */
  guestLinkInvalid: "Ce lien n'est plus valable ? Écrivez-nous : nous vous en enverrons un nouveau.",
  /** A guest link to an order that has joined her account: she follows it signed in. */
  inAccountTitle: "Suivi de commande",
  inAccount: "Cette commande est rattachée à votre compte client : connectez-vous pour la suivre.",
} as const;

/** The order could not be read (« Erreur de chargement »): no order id or no session, or a failure. */
export function LoadFailed({
  missing,
  guest,
  signedOut,
}: {
  missing: boolean;
  guest: boolean;
  signedOut: boolean;
}) {
  return (
    <ErrorPanel title={messages.loadTitle} guest={guest}>
      <p role="alert" className="mt-3 text-alert">
        {missing ? messages.missing : messages.failed}
      </p>
      {missing && !guest && signedOut && (
        <button type="button" className="btn btn-primary mt-6 px-6" onClick={() => openAuthModal("signin")}>
          Se connecter
        </button>
      )}
    </ErrorPanel>
  );
}

/** A guest's link to an order that has joined her account: she signs in to follow it. */
export function SignInFirst({ guest }: { guest: boolean }) {
  return (
    <ErrorPanel title={messages.inAccountTitle} guest={guest}>
      <p role="alert" className="mt-3 text-ink">
        {messages.inAccount}
      </p>
      <button type="button" className="btn btn-primary mt-6 px-6" onClick={() => openAuthModal("signin")}>
        Se connecter
      </button>
    </ErrorPanel>
  );
}

/** No such order (« Commande introuvable »); a guest is told how to ask for a new link. */
export function OrderNotFound({ guest, contactEmail }: { guest: boolean; contactEmail: string }) {
  return (
    <ErrorPanel title={messages.notFoundTitle} guest={guest}>
      <p role="alert" className="mt-3 text-alert">
        {messages.notFound}
      </p>
      <p className="mt-1 text-ink-soft">{messages.notFoundText}</p>
      {guest && (
        <p className="mt-4 text-ink">
          {messages.guestLinkInvalid}
          {contactEmail && (
            <>
              {" "}
              <a
                href={`mailto:${contactEmail}?subject=${encodeURIComponent("Nouveau lien de suivi de commande")}`}
                className="rounded-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900"
              >
                {contactEmail}
              </a>
            </>
          )}
        </p>
      )}
    </ErrorPanel>
  );
}
