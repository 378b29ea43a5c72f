/**
 * The maintenance page's live parts (src/components/site/MaintenanceScreen.astro), without a framework: reads the
 * state (GET /api/settings/maintenance) at load, when the admin panel of another tab broadcasts a change, when the tab
 * becomes visible, every minute (every 15 s once the announced end is past) and on 'Actualiser'; ticks the clock and
 * the countdown every second (spec 9); shows the admin their way to the panel (GET /api/admin/check).
 */

import { once } from "../../domain/once";
import {
  countdown,
  type MaintenanceState,
  RETURN_PARAM,
  readMaintenance,
  safeReturnPath,
} from "../../domain/settings/maintenance";
import { api, unwrap } from "../../lib/api/client";
import { $isAdmin, startSession } from "../../stores/session";

/** Spec 9: the countdown ticks every second. */
const TICK_MS = 1000;
/** While in maintenance the state is asked again now and then, so the end of maintenance brings visitors back. */
const POLL_MS = 60_000;
/** Once the announced end is reached, more often. */
const POLL_AFTER_END_MS = 15_000;
/** Same names as the admin panel's broadcast (src/islands/admin/maintenance.ts). */
const MAINTENANCE_EVENT = "maintenance-changed";
const MAINTENANCE_STORAGE_KEY = "maintenance_changed";

const timeFormat = once(
  () =>
    new Intl.DateTimeFormat("fr-FR", {
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }),
);
const dateFormat = once(
  () =>
    new Intl.DateTimeFormat("fr-FR", {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
    }),
);
const endFormat = once(
  () =>
    new Intl.DateTimeFormat("fr-FR", {
      weekday: "long",
      day: "numeric",
      month: "long",
      hour: "2-digit",
      minute: "2-digit",
    }),
);

const root = document.querySelector<HTMLElement>("[data-maintenance-screen]");
const part = <T extends HTMLElement = HTMLElement>(selector: string) =>
  root?.querySelector<T>(selector) ?? null;
const setText = (element: Element | null, text: string) => {
  if (element && element.textContent !== text) element.textContent = text;
};

const returnPath = () => safeReturnPath(new URLSearchParams(window.location.search).get(RETURN_PARAM));

let state: MaintenanceState | null = null;
let inFlight: AbortController | null = null;
let poll = 0;
let pollEvery = 0;

async function refresh(manual = false): Promise<void> {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  const button = part<HTMLButtonElement>("[data-maintenance-refresh]");
  if (manual && button) {
    button.disabled = true;
    button.querySelector("svg")?.classList.add("motion-safe:animate-spin");
    setText(part("[data-maintenance-refresh-label]"), "Vérification...");
    setText(part("[data-maintenance-checked]"), "");
  }
  let read: MaintenanceState;
  try {
    read = readMaintenance(await unwrap(api.GET("/api/settings/maintenance", { signal: controller.signal })));
  } catch {
    if (controller.signal.aborted) return;
    read = readMaintenance(null);
  }
  if (controller.signal.aborted) return;
  if (!read.enabled) {
    window.location.replace(returnPath());
    return;
  }
  state = read;
  setText(part("[data-maintenance-message]"), read.message);
  if (manual && button) {
    button.disabled = false;
    button.querySelector("svg")?.classList.remove("motion-safe:animate-spin");
    setText(part("[data-maintenance-refresh-label]"), "Actualiser");
    setText(
      part("[data-maintenance-checked]"),
      `Toujours en maintenance (vérifié à ${timeFormat().format(Date.now())}).`,
    );
  }
  tick();
}

/** The clock, the countdown and the line under it; the polling pace follows whether the end is past. */
function tick(): void {
  const now = Date.now();
  setText(part("[data-testid=current-time]"), timeFormat().format(now));
  setText(part("[data-maintenance-date]"), ` — ${dateFormat().format(now)}`);
  const endsAt = state?.endsAt ?? null;
  const left = endsAt !== null ? countdown(endsAt, now) : null;
  for (const key of ["days", "hours", "minutes", "seconds"] as const) {
    setText(part(`[data-unit=${key}]`), left ? String(left[key]).padStart(2, "0") : "--");
  }
  const over = left?.over ?? false;
  setText(
    part("[data-maintenance-end]"),
    state === null
      ? ""
      : endsAt === null
        ? "Nous revenons dès que possible."
        : over
          ? "La maintenance se termine dans un instant, merci de votre patience…"
          : `Réouverture estimée ${endFormat().format(endsAt)}.`,
  );
  const every = state === null ? 0 : over ? POLL_AFTER_END_MS : POLL_MS;
  if (every !== pollEvery) {
    window.clearInterval(poll);
    pollEvery = every;
    if (every > 0) poll = window.setInterval(() => void refresh(), every);
  }
}

if (root) {
  const ticking = () => {
    tick();
    window.setTimeout(ticking, TICK_MS - (Date.now() % TICK_MS));
  };
  ticking();
  void refresh();
  part("[data-maintenance-refresh]")?.addEventListener("click", () => void refresh(true));
  window.addEventListener(MAINTENANCE_EVENT, () => void refresh());
  window.addEventListener("storage", (event) => {
    if (event.key === MAINTENANCE_STORAGE_KEY) void refresh();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void refresh();
  });
  const back = part<HTMLAnchorElement>("[data-maintenance-return]");
  if (back) back.href = returnPath();
  $isAdmin.subscribe((isAdmin) => {
    for (const link of root.querySelectorAll<HTMLElement>("[data-admin-only]")) link.hidden = !isAdmin;
    const notAdmin = part("[data-not-admin]");
    if (notAdmin) notAdmin.hidden = isAdmin;
  });
  void startSession();
}
