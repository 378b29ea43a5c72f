import { useStore } from "@nanostores/react";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  countdown,
  type MaintenanceState,
  RETURN_PARAM,
  readMaintenance,
  safeReturnPath,
} from "../../domain/maintenance";
import { apiRequest } from "../../lib/api-client";
import { openAuthModal } from "../../stores/auth-modal";
import { $session, startSession } from "../../stores/session";

/** Spec 9: the countdown ticks every second. */
const TICK_MS = 1000;
/** While in maintenance the state is asked again now and then, so the end of maintenance brings visitors back. */
const POLL_MS = 60_000;
/** Once the announced end is reached, more often. */
const POLL_AFTER_END_MS = 15_000;
/** Same names as the admin panel's broadcast (src/islands/admin/maintenance.ts). */
const MAINTENANCE_EVENT = "maintenance-changed";
const MAINTENANCE_STORAGE_KEY = "maintenance_changed";

type Load = { status: "loading" } | { status: "on"; state: MaintenanceState };

const timeFormat = new Intl.DateTimeFormat("fr-FR", {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});
const dateFormat = new Intl.DateTimeFormat("fr-FR", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const endFormat = new Intl.DateTimeFormat("fr-FR", {
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
});

function returnPath(): string {
  return safeReturnPath(new URLSearchParams(window.location.search).get(RETURN_PARAM));
}

/**
 * /maintenance (spec 2 "Maintenance"): the message, the current time, the countdown towards `ends_at`, the
 * 'Actualiser' button and, for admins, the way to the admin panel. When the maintenance is off (or cannot be
 * read, spec 4) the visitor goes back to the page they came from.
 */
export default function MaintenanceScreen() {
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [now, setNow] = useState<number | null>(null);
  const [checking, setChecking] = useState(false);
  /** When 'Actualiser' last confirmed the maintenance (said in the status line). */
  const [checkedAt, setCheckedAt] = useState<number | null>(null);
  const isAdmin = useIsAdmin();
  const inFlight = useRef<AbortController | null>(null);

  const refresh = useCallback(async (manual = false) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    if (manual) setChecking(true);
    let state: MaintenanceState;
    try {
      state = readMaintenance(await apiRequest("/api/settings/maintenance", { signal: controller.signal }));
    } catch {
      if (controller.signal.aborted) return;
      state = readMaintenance(null);
    }
    if (controller.signal.aborted) return;
    if (!state.enabled) {
      window.location.replace(returnPath());
      return;
    }
    setLoad({ status: "on", state });
    if (manual) setCheckedAt(Date.now());
    setChecking(false);
  }, []);

  useEffect(() => {
    void refresh();
    const onChange = () => void refresh();
    const onStorage = (event: StorageEvent) => {
      if (event.key === MAINTENANCE_STORAGE_KEY) void refresh();
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") void refresh();
    };
    window.addEventListener(MAINTENANCE_EVENT, onChange);
    window.addEventListener("storage", onStorage);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      inFlight.current?.abort();
      window.removeEventListener(MAINTENANCE_EVENT, onChange);
      window.removeEventListener("storage", onStorage);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [refresh]);

  // The clock and the countdown: one tick per second, aligned on the second.
  useEffect(() => {
    let timer = 0;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      timer = window.setTimeout(tick, TICK_MS - (current % TICK_MS));
    };
    tick();
    return () => window.clearTimeout(timer);
  }, []);

  const endsAt = load.status === "on" ? load.state.endsAt : null;
  const left = endsAt !== null && now !== null ? countdown(endsAt, now) : null;
  const over = left?.over ?? false;

  useEffect(() => {
    if (load.status !== "on") return;
    const timer = window.setInterval(() => void refresh(), over ? POLL_AFTER_END_MS : POLL_MS);
    return () => window.clearInterval(timer);
  }, [load.status, over, refresh]);

  const message = load.status === "on" ? load.state.message : "";

  return (
    <div className="mt-8 w-full">
      <p className="min-h-14 text-lg leading-relaxed text-balance text-ink-soft">{message}</p>

      <p className="mt-6 text-sm text-ink-soft">
        <span className="sr-only">Heure actuelle : </span>
        <span aria-hidden="true">Il est </span>
        <time className="font-semibold text-ink tabular-nums" data-testid="current-time">
          {now === null ? "--:--:--" : timeFormat.format(now)}
        </time>
        {now !== null && <span> — {dateFormat.format(now)}</span>}
      </p>

      <section aria-labelledby="countdown-title" className="mt-8">
        <h2 id="countdown-title" className="font-serif text-xl font-semibold text-olive-800">
          Retour prévu dans
        </h2>
        <div
          className="mt-4 grid grid-cols-4 gap-2 sm:gap-4"
          role="timer"
          aria-live="off"
          data-testid="countdown"
        >
          <Unit value={left?.days} label="Jours" />
          <Unit value={left?.hours} label="Heures" />
          <Unit value={left?.minutes} label="Minutes" />
          <Unit value={left?.seconds} label="Secondes" />
        </div>
        <p className="mt-4 min-h-6 text-sm text-ink-soft">
          {load.status === "on" && endsAt === null && "Nous revenons dès que possible."}
          {endsAt !== null && !over && `Réouverture estimée ${endFormat.format(endsAt)}.`}
          {over && "La maintenance se termine dans un instant, merci de votre patience…"}
        </p>
      </section>

      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <button
          type="button"
          className="btn btn-primary px-6"
          onClick={() => void refresh(true)}
          disabled={checking}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className={`size-5 ${checking ? "motion-safe:animate-spin" : ""}`}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
          </svg>
          {checking ? "Vérification..." : "Actualiser"}
        </button>
        {isAdmin && (
          <>
            <a href="/admin" className="btn btn-secondary px-6">
              Accéder à l'administration
            </a>
            <a href={returnPathOrHome()} className="btn btn-secondary px-6">
              Voir la boutique
            </a>
          </>
        )}
      </div>
      <p role="status" className="mt-3 min-h-5 text-xs text-ink-soft">
        {checkedAt !== null &&
          !checking &&
          `Toujours en maintenance (vérifié à ${timeFormat.format(checkedAt)}).`}
      </p>

      {!isAdmin && (
        <p className="mt-6 text-sm text-ink-soft">
          Vous êtes administrateur ?{" "}
          <button
            type="button"
            onClick={() => openAuthModal("signin")}
            className="rounded-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900"
          >
            Connexion
          </button>
        </p>
      )}
    </div>
  );
}

function returnPathOrHome(): string {
  return typeof window === "undefined" ? "/" : returnPath();
}

function Unit({ value, label }: { value: number | undefined; label: string }) {
  return (
    <div className="rounded-2xl border border-cream-300 bg-white px-1 py-3 shadow-sm sm:py-4">
      <span className="block font-serif text-3xl font-semibold text-olive-800 tabular-nums sm:text-5xl">
        {value === undefined ? "--" : String(value).padStart(2, "0")}
      </span>
      <span className="mt-1 block text-xs font-medium tracking-wide text-ink-soft uppercase sm:text-sm">
        {label}
      </span>
    </div>
  );
}

/** Admin status by GET /api/admin/check, again whenever the signed-in user changes; failure: not admin (spec 6). */
function useIsAdmin(): boolean {
  const session = useStore($session, { ssr: "initial" });
  const userId = session.user?.id ?? null;
  const [admin, setAdmin] = useState<{ userId: string; isAdmin: boolean } | null>(null);

  useEffect(() => {
    void startSession();
  }, []);

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    apiRequest<{ isAdmin?: unknown }>("/api/admin/check", { signal: controller.signal })
      .then((answer) => setAdmin({ userId, isAdmin: answer?.isAdmin === true }))
      .catch(() => {
        if (!controller.signal.aborted) setAdmin({ userId, isAdmin: false });
      });
    return () => controller.abort();
  }, [userId]);

  return userId !== null && admin?.userId === userId && admin.isAdmin;
}
