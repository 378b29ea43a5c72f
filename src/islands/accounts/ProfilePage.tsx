import { useState } from "react";
import type { SessionUser } from "../../domain/accounts/account";
import type { Address } from "../../domain/accounts/address";
import { fetchAddresses, fetchProfile } from "../../lib/account-client";
import { SessionFirstPaint } from "../ui/SessionFirstPaint";
import { SignInRequired } from "../ui/SignInRequired";
import { useCustomerLoad } from "../ui/use-customer-load";
import { AddressBook } from "./AddressBook";
import { PasswordPanel } from "./PasswordPanel";
import { PersonalDataPanel } from "./PersonalDataPanel";
import { PersonalInfo } from "./PersonalInfo";

interface ProfileData {
  profile: SessionUser;
  addresses: Address[];
}

async function fetchProfileData(signal: AbortSignal): Promise<ProfileData> {
  const [profile, addresses] = await Promise.all([fetchProfile(signal), fetchAddresses(signal)]);
  return { profile, addresses };
}

/**
 * /profile ('Mon Profil', spec 2): personal information, password change and address book of the signed-in
 * customer; 'Connexion requise' otherwise. Loads both lists together and offers a retry when that fails.
 */
export default function ProfilePage() {
  const { session, load, retry, update } = useCustomerLoad(fetchProfileData);
  const [deleted, setDeleted] = useState<string | null>(null);

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="font-serif text-3xl font-semibold text-olive-900 sm:text-4xl">Mon Profil</h1>
      <div className="mt-8">
        {deleted ? (
          content()
        ) : (
          <SessionFirstPaint
            status={session.status}
            signedOut={<SignInRequired message="Veuillez vous connecter pour accéder à votre profil." />}
          >
            {content()}
          </SessionFirstPaint>
        )}
      </div>
    </div>
  );

  function content() {
    if (deleted) {
      return (
        <div
          role="status"
          className="rounded-xl border border-olive-200 bg-olive-50 px-5 py-4 text-olive-900"
        >
          <p className="font-semibold">{deleted}</p>
          <p className="mt-2">
            <a href="/" className="font-semibold underline underline-offset-4">
              Retour à l'accueil
            </a>
          </p>
        </div>
      );
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
              onClick={retry}
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
        <PersonalInfo profile={load.data.profile} onSaved={(profile) => update({ ...load.data, profile })} />
        <PasswordPanel />
        <AddressBook initialAddresses={load.data.addresses} />
        <PersonalDataPanel onDeleted={setDeleted} />
      </div>
    );
  }
}
