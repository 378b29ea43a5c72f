import type { AuthPurpose } from "../../stores/auth-modal";

/**
 * The spec's 'Connexion requise' panel of the account pages, with a button opening the sign-in dialog; `purpose`
 * "order" at the checkout, where the dialog also offers « Commander sans compte ». The button is the
 * site's « Connexion » (data-auth-open, answered by auth-modal-loader.ts), not the island's: the panel is in the page's
 * first paint, before React, and a tap on it then is kept until the dialog's loader is there (page-boot.js).
 */
export function SignInRequired({ message, purpose }: { message: string; purpose?: AuthPurpose }) {
  return (
    <section className="rounded-2xl border border-cream-300 bg-white p-8 text-center shadow-sm">
      <h2 className="font-serif text-2xl font-semibold text-olive-900">Connexion requise</h2>
      <p className="mt-2 text-ink-soft">{message}</p>
      <button
        type="button"
        className="btn btn-primary mt-6 px-6"
        data-auth-open="signin"
        data-auth-purpose={purpose}
      >
        Se connecter
      </button>
    </section>
  );
}
