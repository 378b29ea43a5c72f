import { useStore } from "@nanostores/react";
import {
  type FormEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { PASSWORD_MIN_LENGTH } from "../../domain/accounts/account-forms";
import { requestPasswordReset } from "../../lib/account-client";
import { errorMessage, fieldErrors } from "../../lib/api-client";
import {
  $authModal,
  $authPurpose,
  type AuthMode,
  closeAuthModal,
  openAuthModal,
} from "../../stores/auth-modal";
import { chooseGuestCheckout } from "../../stores/guest-checkout";
import { signIn, signUp } from "../../stores/session";
import { fieldBinder, Notice, PasswordField, TextField } from "../ui/fields";
import { keepTabInside } from "../ui/focus-trap";
import { DialogCloseButton } from "../ui/icons";

/** Timings of spec 4 / 9: 300 ms fade-out on close, 200 ms fade when switching modes. */
const CLOSE_FADE_MS = 300;
const SWITCH_FADE_MS = 200;

const titles: Record<AuthMode, string> = {
  signin: "Connexion",
  signup: "Créer un compte",
  forgot_password: "Mot de passe oublié",
};
const intros: Record<AuthMode, string> = {
  signin: "Connectez-vous pour commander et suivre vos commandes.",
  signup: "Créez votre compte en quelques secondes.",
  forgot_password:
    "Indiquez votre adresse e-mail : nous vous enverrons un lien pour choisir un nouveau mot de passe.",
};
const submitLabels: Record<AuthMode, [idle: string, busy: string]> = {
  signin: ["Se connecter", "Connexion..."],
  signup: ["Créer mon compte", "Création du compte..."],
  forgot_password: ["Envoyer le lien", "Envoi..."],
};

const SIGNUP_SUCCESS = "Compte créé avec succès! Vous pouvez maintenant vous connecter.";
const FORGOT_SUCCESS =
  "Un lien de réinitialisation de mot de passe a été envoyé à votre adresse e-mail. Veuillez vérifier votre boîte de réception.";
const GENERIC_FAILURE = "Une erreur est survenue";
const FORGOT_FAILURE = "Une erreur est survenue lors de l'envoi de l'e-mail de réinitialisation.";

interface Message {
  kind: "error" | "success";
  text: string;
}

const emptyFields = { email: "", password: "", fullName: "" };

/** Where a guest orders: the checkout, which shows her form once she chose it. */
const CHECKOUT_PATH = "/payment";

/**
 * « Commander sans compte »: the tab remembers the choice and the checkout shows the guest's form (here at
 * once when the dialog was opened by the checkout's gate; else the checkout opens).
 */
function orderWithoutAccount() {
  chooseGuestCheckout();
  closeAuthModal();
  if (window.location.pathname.toLowerCase().replace(/\/+$/, "") !== CHECKOUT_PATH)
    window.location.assign(CHECKOUT_PATH);
}

/**
 * The sign-in / sign-up / forgotten-password dialog, on every page. Opened through the auth-modal store
 * (any island) or by any element carrying data-auth-open="signin|signup|forgot_password"; mounted on demand by
 * src/scripts/site/auth-modal-loader.ts.
 */
export default function AuthModal() {
  const requested = useStore($authModal, { ssr: "initial" });
  const purpose = useStore($authPurpose);
  /** The mode on screen; null when the dialog is not rendered. Lags `requested` during the fades. */
  const [mode, setMode] = useState<AuthMode | null>(null);
  const [closing, setClosing] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [fields, setFields] = useState(emptyFields);
  const [fieldMessages, setFieldMessages] = useState<Readonly<Record<string, string>>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  /** A message that must survive the next mode switch (sign-up success, spec 4). */
  const carriedMessage = useRef<Message | null>(null);
  const titleId = useId();

  /** Clears fields and messages (on open and on each mode switch, spec 4), keeping a carried message. */
  const resetForm = useCallback(() => {
    setFields(emptyFields);
    setFieldMessages({});
    setMessage(carriedMessage.current);
    carriedMessage.current = null;
    setBusy(false);
  }, []);

  useEffect(() => {
    if (requested === "closed") {
      if (mode === null) return;
      setClosing(true);
      const timer = window.setTimeout(() => {
        setMode(null);
        setClosing(false);
        restoreFocus(opener.current, dialog.current);
        opener.current = null;
      }, CLOSE_FADE_MS);
      return () => window.clearTimeout(timer);
    }
    setClosing(false);
    if (mode === null) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      resetForm();
      setMode(requested);
      return;
    }
    if (requested === mode) return;
    setSwitching(true);
    const timer = window.setTimeout(() => {
      resetForm();
      setMode(requested);
      setSwitching(false);
    }, SWITCH_FADE_MS);
    return () => window.clearTimeout(timer);
  }, [requested, mode, resetForm]);

  // Focus goes into the dialog on open and after each switch; the page behind stops scrolling.
  useLayoutEffect(() => {
    if (mode === null) return;
    dialog.current?.querySelector<HTMLElement>("input")?.focus();
  }, [mode]);
  const isOpen = mode !== null;
  useEffect(() => {
    if (!isOpen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, [isOpen]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      closeAuthModal();
      return;
    }
    if (dialog.current) keepTabInside(event, dialog.current);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || switching || !mode) return;
    setBusy(true);
    setMessage(null);
    setFieldMessages({});
    try {
      if (mode === "signin") {
        await signIn(fields.email, fields.password);
        closeAuthModal();
      } else if (mode === "signup") {
        await signUp({ email: fields.email, password: fields.password, fullName: fields.fullName });
        carriedMessage.current = { kind: "success", text: SIGNUP_SUCCESS };
        openAuthModal("signin");
      } else {
        await requestPasswordReset(fields.email);
        setFields(emptyFields);
        setMessage({ kind: "success", text: FORGOT_SUCCESS });
      }
    } catch (error) {
      setFieldMessages(fieldErrors(error));
      setMessage({
        kind: "error",
        text: errorMessage(error, mode === "forgot_password" ? FORGOT_FAILURE : GENERIC_FAILURE),
      });
    } finally {
      setBusy(false);
    }
  }

  if (mode === null) return null;
  const bind = fieldBinder(fields, setFields, fieldMessages);
  const [idleLabel, busyLabel] = submitLabels[mode];
  const linkClass =
    "rounded-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900";

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop closes (mouse convenience; keyboard users have Escape and the close button)
    <div
      className={`fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-olive-900/60 p-4 transition-opacity duration-300 starting:opacity-0 ${closing ? "opacity-0" : "opacity-100"}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) closeAuthModal();
      }}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        className="relative my-auto w-full max-w-md rounded-2xl bg-cream-50 p-6 shadow-2xl sm:p-8"
      >
        <DialogCloseButton onClick={closeAuthModal} />

        <div className={`transition-opacity duration-200 ${switching ? "opacity-0" : "opacity-100"}`}>
          <h2 id={titleId} className="pr-10 font-serif text-2xl font-semibold text-olive-900">
            {titles[mode]}
          </h2>
          <p className="mt-1 text-sm text-ink-soft">{intros[mode]}</p>

          <form onSubmit={onSubmit} className="mt-5 space-y-4">
            {mode === "signup" && (
              <TextField
                label="Nom complet"
                {...bind("fullName")}
                autoComplete="name"
                required
                maxLength={120}
              />
            )}
            <TextField
              label="Adresse e-mail"
              {...bind("email")}
              type="email"
              autoComplete={mode === "signin" ? "username" : "email"}
              required
              maxLength={254}
            />
            {mode !== "forgot_password" && (
              <PasswordField
                label="Mot de passe"
                {...bind("password")}
                autoComplete={mode === "signup" ? "new-password" : "current-password"}
                required
                minLength={PASSWORD_MIN_LENGTH}
                maxLength={128}
                hint={mode === "signup" ? `Au moins ${PASSWORD_MIN_LENGTH} caractères.` : undefined}
              />
            )}
            {mode === "signin" && (
              <p className="text-right text-sm">
                <button type="button" className={linkClass} onClick={() => openAuthModal("forgot_password")}>
                  Mot de passe oublié ?
                </button>
              </p>
            )}

            {message && <Notice kind={message.kind}>{message.text}</Notice>}

            <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy}>
              {busy ? busyLabel : idleLabel}
            </button>
          </form>

          <p className="mt-5 text-center text-sm text-ink-soft">
            {mode === "signin" ? (
              <>
                Pas encore de compte ?{" "}
                <button type="button" className={linkClass} onClick={() => openAuthModal("signup")}>
                  Créer un compte
                </button>
              </>
            ) : (
              <>
                {mode === "signup" ? "Déjà un compte ? " : ""}
                <button type="button" className={linkClass} onClick={() => openAuthModal("signin")}>
                  {mode === "signup" ? "Se connecter" : "Retour à la connexion"}
                </button>
              </>
            )}
          </p>

          {purpose === "order" && (
            <div className="mt-6 border-t border-cream-300 pt-5 text-center">
              <p id={`${titleId}-guest`} className="text-sm text-ink-soft">
                Pas besoin de compte : vous recevrez un lien de suivi par e-mail.
              </p>
              <button
                type="button"
                className="btn btn-secondary mt-3 w-full"
                aria-describedby={`${titleId}-guest`}
                onClick={orderWithoutAccount}
              >
                Commander sans compte
              </button>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * Back to the element that opened the dialog; if it is gone (signed in), to the account button. Not when the page has
 * already put the keyboard somewhere else meanwhile (« Commander sans compte » at the checkout: its e-mail field).
 */
function restoreFocus(opener: HTMLElement | null, dialog: HTMLElement | null) {
  const current = document.activeElement;
  if (current && current !== document.body && !dialog?.contains(current)) return;
  if (opener?.isConnected && opener.getClientRects().length > 0) {
    opener.focus();
    return;
  }
  document.querySelector<HTMLElement>("[data-account-button]")?.focus();
}
