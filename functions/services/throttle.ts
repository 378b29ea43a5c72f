import type { Deps } from "./deps";

export interface Window {
  scope: string;
  subject: string;
  minutes: number;
}

function windowStart(now: Date, minutes: number): string {
  const size = minutes * 60_000;
  return new Date(Math.floor(now.getTime() / size) * size).toISOString();
}

function key(deps: Deps, window: Window) {
  return {
    scope: window.scope,
    subject: window.subject,
    window_start: windowStart(deps.clock(), window.minutes),
  };
}

/** How many events the current window holds. */
export async function countInWindow(deps: Deps, window: Window): Promise<number> {
  const { data } = await deps.db.entities.rateWindow.get(key(deps, window)).go();
  return data?.count ?? 0;
}

/** Counts one event in the current window (one atomic ADD) and returns the new count. */
export async function countEvent(deps: Deps, window: Window): Promise<number> {
  const k = key(deps, window);
  const expires = Math.ceil((new Date(k.window_start).getTime() + 2 * window.minutes * 60_000) / 1000);
  const { data } = await deps.db.entities.rateWindow
    .update(k)
    .add({ count: 1 })
    .set({ expires_at_ttl: expires })
    .go({ response: "all_new" });
  return data.count ?? 1;
}

export async function clearWindow(deps: Deps, window: Window): Promise<void> {
  await deps.db.entities.rateWindow.delete(key(deps, window)).go();
}
