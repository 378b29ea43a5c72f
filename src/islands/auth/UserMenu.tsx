import { useStore } from "@nanostores/react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { displayName } from "../../domain/account-forms";
import { openAuthModal } from "../../stores/auth-modal";
import { $isAdmin, $session, signOut, startSession } from "../../stores/session";

const itemClass =
  "flex w-full items-center rounded-lg px-3 py-2.5 text-left font-medium text-ink hover:bg-olive-50 hover:text-olive-800";

/**
 * The header's account corner (spec 2): 'Connexion' when signed out, the user menu when signed in (the name shows
 * from large screens; below, the initial). The slot has one fixed width in every state, and nothing shows until
 * the session is known, so the header never moves.
 */
export default function UserMenu() {
  const session = useStore($session, { ssr: "initial" });
  const isAdmin = useStore($isAdmin, { ssr: "initial" });
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const signInButton = useRef<HTMLButtonElement>(null);
  const focusSignInAfterSignOut = useRef(false);
  const panelId = useId();

  useEffect(() => {
    void startSession();
  }, []);

  const signedIn = session.status === "signed-in";
  useEffect(() => {
    if (signedIn) return;
    setOpen(false);
    if (focusSignInAfterSignOut.current) {
      focusSignInAfterSignOut.current = false;
      signInButton.current?.focus();
    }
  }, [signedIn]);

  // A click or tap anywhere else closes the menu.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  if (!session.user) {
    const known = session.status === "signed-out";
    return (
      <button
        ref={signInButton}
        type="button"
        onClick={() => openAuthModal("signin")}
        className={`inline-flex h-11 w-full items-center justify-center gap-2 rounded-full font-semibold text-olive-800 transition-colors hover:bg-olive-50 sm:bg-olive-700 sm:px-4 sm:text-cream-50 sm:hover:bg-olive-800 ${known ? "" : "invisible"}`}
      >
        <PersonIcon className="size-6 sm:hidden" />
        <span className="sr-only sm:not-sr-only">Connexion</span>
      </button>
    );
  }

  const user = session.user;
  const name = displayName(user);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  }

  async function onSignOut() {
    focusSignInAfterSignOut.current = true;
    await signOut();
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and focus-out of the menu, delegated from its items
    <div
      ref={root}
      className="relative flex w-full justify-end"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        data-account-button
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex h-11 items-center gap-2 rounded-full p-1 text-olive-800 transition-colors hover:bg-olive-50 aria-expanded:bg-olive-50 sm:pr-3 lg:w-full"
      >
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-olive-700 font-semibold text-cream-50 uppercase"
        >
          {name.charAt(0)}
        </span>
        <span className="sr-only lg:not-sr-only lg:min-w-0 lg:flex-1 lg:truncate lg:text-left lg:font-semibold">
          {name}
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`hidden size-4 shrink-0 transition-transform sm:block ${open ? "rotate-180" : ""}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>

      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full right-0 z-50 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-2xl border border-cream-300 bg-white p-2 shadow-lg"
      >
        <div className="border-b border-cream-200 px-3 pt-2 pb-3">
          <p className="truncate font-semibold text-ink">{name}</p>
          <p className="truncate text-sm text-ink-soft">{user.email}</p>
        </div>
        <ul className="py-1">
          <li>
            <a href="/orders" className={itemClass}>
              Mes commandes
            </a>
          </li>
          <li>
            <a href="/profile" className={itemClass}>
              Paramètres
            </a>
          </li>
        </ul>
        {isAdmin && (
          <div className="border-t border-cream-200 py-1">
            <p className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-ink-soft uppercase">
              Administration
            </p>
            <a href="/admin" className={itemClass}>
              Tableau de bord
            </a>
          </div>
        )}
        <div className="border-t border-cream-200 pt-1">
          <button type="button" onClick={onSignOut} className={`${itemClass} text-alert hover:text-alert`}>
            Déconnexion
          </button>
        </div>
      </div>
    </div>
  );
}

function PersonIcon({ className }: { className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </svg>
  );
}
