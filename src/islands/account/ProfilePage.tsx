import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import type { SessionUser } from "../../domain/account-forms";
import type { Address } from "../../domain/address";
import { fetchAddresses, fetchProfile } from "../../lib/account-client";
import { errorMessage } from "../../lib/api-client";
import { $session, handleUnauthenticated, startSession } from "../../stores/session";
import { SignInRequired } from "../ui/fields";
import { AddressBook } from "./AddressBook";
import { PasswordPanel } from "./PasswordPanel";
import { PersonalInfo } from "./PersonalInfo";

type Load =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; profile: SessionUser; addresses: Address[] };

/**
 * /profile ('Mon Profil', spec 2): personal information, password change and address book of the signed-in
 * customer; 'Connexion requise' otherwise. Loads both lists together and offers a retry when that fails.
 */
export default function ProfilePage() {
  const session = useStore($session, { ssr: "initial" });
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const userId = session.user?.id;

  useEffect(() => {
    void startSession();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (retry link) loads again
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    setLoad({ status: "loading" });
    Promise.all([fetchProfile(controller.signal), fetchAddresses(controller.signal)])
      .then(([profile, addresses]) => setLoad({ status: "ready", profile, addresses }))
      .catch((error: unknown) => {
        if (controller.signal.aborted || handleUnauthenticated(error)) return;
        setLoad({ status: "error", message: errorMessage(error, "Network error") });
      });
    return () => controller.abort();
  }, [userId, attempt]);

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="font-serif text-3xl font-semibold text-olive-900 sm:text-4xl">Mon Profil</h1>
      <div className="mt-8">{content()}</div>
    </div>
  );

  function content() {
    if (session.status === "signed-out") {
      return <SignInRequired message="Veuillez vous connecter pour accéder à votre profil." />;
    }
    if (session.status !== "signed-in" || load.status === "loading") {
      return (
        <p role="status" className="py-10 text-center text-lg text-ink-soft">
          Chargement du profil...
        </p>
      );
    }
    if (load.status === "error") {
      return (
        <div role="alert" className="rounded-xl border border-alert/30 bg-red-50 px-5 py-4 text-alert">
          <p className="font-semibold">Erreur: {load.message}</p>
          <p className="mt-1">
            Impossible de charger votre profil.{" "}
            <button
              type="button"
              onClick={() => setAttempt(attempt + 1)}
              className="rounded-sm font-semibold underline underline-offset-4 hover:text-red-900"
            >
              Réessayer
            </button>
          </p>
        </div>
      );
    }
    return (
      <div className="space-y-8">
        <PersonalInfo profile={load.profile} onSaved={(profile) => setLoad({ ...load, profile })} />
        <PasswordPanel />
        <AddressBook initialAddresses={load.addresses} />
      </div>
    );
  }
}
