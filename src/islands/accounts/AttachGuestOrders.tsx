import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import {
  attachedMessage,
  GUEST_ATTACH_LINK_INVALID,
  guestAttachTokenFromHash,
} from "../../domain/accounts/guest-account";
import { errorMessage } from "../../lib/api-client";
import { attachGuestOrders, requestAttachLink } from "../../lib/guest-account-client";
import { openAuthModal } from "../../stores/auth-modal";
import { $session, handleUnauthenticated, startSession } from "../../stores/session";
import { Notice } from "../ui/fields";

type Outcome = { kind: "attached"; count: number } | { kind: "refused"; message: string } | null;

const NEW_LINK_SENT =
  "Si des commandes sans compte existent pour votre adresse, un nouveau lien vient de vous être envoyé par e-mail.";

/**
 * /retrouver-mes-commandes#jeton=...: the link mailed to attach the orders placed without an account to the account.
 * The token is read from the fragment (never sent to the server as part of an address); signed out, the
 * page asks to sign in first and goes on once the session is there. Once the link served or was refused, the token
 * leaves the address bar.
 */
export default function AttachGuestOrders() {
  const session = useStore($session, { ssr: "initial" });
  /** undefined until the fragment is read; null when the link carries no usable token. */
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [newLink, setNewLink] = useState<"idle" | "sending" | "sent" | { error: string }>("idle");
  const tried = useRef<string | null>(null);
  const result = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setToken(guestAttachTokenFromHash(window.location.hash));
    void startSession();
  }, []);

  const userId = session.user?.id;
  useEffect(() => {
    if (!token || !userId || outcome || tried.current === `${userId}:${token}`) return;
    tried.current = `${userId}:${token}`;
    const controller = new AbortController();
    attachGuestOrders(token, controller.signal)
      .then(({ attached }) => setOutcome({ kind: "attached", count: attached }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Signed out meanwhile: the page asks to sign in again, and tries once she is.
        if (handleUnauthenticated(error)) {
          tried.current = null;
          return;
        }
        setOutcome({ kind: "refused", message: errorMessage(error, GUEST_ATTACH_LINK_INVALID) });
      });
    return () => {
      controller.abort();
      if (tried.current === `${userId}:${token}`) tried.current = null;
    };
  }, [token, userId, outcome]);

  useEffect(() => {
    if (!outcome) return;
    // The link has served (or cannot): its token leaves the address bar and the history.
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    result.current?.focus();
  }, [outcome]);

  async function askNewLink() {
    setNewLink("sending");
    try {
      await requestAttachLink();
      setNewLink("sent");
    } catch (error) {
      setNewLink(
        handleUnauthenticated(error)
          ? "idle"
          : { error: errorMessage(error, "Le lien n'a pas pu être demandé. Réessayez dans un instant.") },
      );
    }
  }

  if (token === undefined || (token && session.status !== "signed-out" && !outcome)) {
    return (
      <p role="status" className="py-6 text-ink-soft">
        {session.status === "signed-in" ? "Rattachement de vos commandes..." : "Chargement..."}
      </p>
    );
  }

  if (token && session.status === "signed-out" && !outcome) {
    return (
      <div className="space-y-4">
        <p className="text-ink-soft">
          Connectez-vous au compte qui a reçu ce lien : vos commandes passées sans compte y seront ajoutées
          aussitôt.
        </p>
        <button type="button" className="btn btn-primary w-full" onClick={() => openAuthModal("signin")}>
          Se connecter
        </button>
      </div>
    );
  }

  return (
    <div ref={result} tabIndex={-1} className="space-y-4 focus:outline-none">
      {outcome?.kind === "attached" ? (
        <>
          <Notice kind="success">{attachedMessage(outcome.count)}</Notice>
          <p>
            <a href="/orders" className="btn btn-primary w-full">
              Voir mes commandes
            </a>
          </p>
        </>
      ) : (
        <>
          <Notice kind="error">{outcome?.message ?? GUEST_ATTACH_LINK_INVALID}</Notice>
          {session.status === "signed-in" ? (
            newLink === "sent" ? (
              <Notice kind="success">{NEW_LINK_SENT}</Notice>
            ) : (
              <>
                <button
                  type="button"
                  className="btn btn-primary w-full"
                  disabled={newLink === "sending"}
                  aria-busy={newLink === "sending"}
                  onClick={askNewLink}
                >
                  {newLink === "sending" ? "Envoi..." : "Recevoir un nouveau lien"}
                </button>
                {typeof newLink === "object" && <Notice kind="error">{newLink.error}</Notice>}
              </>
            )
          ) : (
            <button type="button" className="btn btn-primary w-full" onClick={() => openAuthModal("signin")}>
              Se connecter
            </button>
          )}
        </>
      )}
    </div>
  );
}
