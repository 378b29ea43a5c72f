/**
 * Reads a signed-in page needs, started by its inline head-of-frame script (session-hint.ts) while React's code is
 * still on its way, and taken by the island's first identical GET (api/client.ts): the customer's orders or profile
 * arrive with the code instead of two round trips after it. Each read is taken once; any write forgets them all, so
 * nothing read before a change is shown after it.
 */

const KEY = "__shopEarlyReads";

type Reads = Map<string, Promise<Response>>;

function reads(): Reads | undefined {
  return (globalThis as unknown as Record<string, Reads | undefined>)[KEY];
}

/** The request every early read makes: the one the API client makes for a GET. */
export const EARLY_READ_INIT: RequestInit = {
  headers: { accept: "application/json" },
  credentials: "same-origin",
  cache: "no-store",
};

/** Starts a GET of each path (same-origin API paths only), to be taken by the page's first call. */
export function startEarlyReads(paths: readonly string[]): void {
  const map: Reads = new Map();
  for (const path of paths) {
    if (!path.startsWith("/api/")) continue;
    const read = fetch(path, EARLY_READ_INIT);
    // A failure is the caller's to see when it takes the read; none is left unhandled meanwhile.
    read.catch(() => undefined);
    map.set(path, read);
  }
  (globalThis as unknown as Record<string, Reads>)[KEY] = map;
}

/** The early read of `path`, once; undefined when none was started or it was taken. */
export function takeEarlyRead(path: string): Promise<Response> | undefined {
  const map = reads();
  const read = map?.get(path);
  map?.delete(path);
  return read;
}

/** Forgets every early read not yet taken (after a write, they may be out of date). */
export function forgetEarlyReads(): void {
  reads()?.clear();
}
