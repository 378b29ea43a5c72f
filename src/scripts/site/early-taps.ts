/**
 * Taps made before the page's modules came (they come after the first paint: deferred-assets.js). The head's inline
 * script (src/scripts/inline/page-boot.js) keeps a tap on a control of the static HTML whose module is not ready yet;
 * that module, once its handlers are attached, calls `playEarlyTaps` with its name, and the taps kept for it are
 * played, in order, as if they came now. A slow phone's first tap on « Ajouter au panier » is not lost.
 * The cart page keeps its own actions (cart-events.ts).
 */

/** The modules whose controls page-boot.js keeps taps for (the same names there). */
export const EARLY_MODULES = ["buy-box", "waitlist", "gallery", "header", "auth", "consent"] as const;
export type EarlyModule = (typeof EARLY_MODULES)[number];

declare global {
  interface Window {
    /** Written by page-boot.js: the modules ready, and the taps kept for the others ([module, control]). */
    earlyTaps?: { ready: string[]; kept: [string, Element][] };
  }
}

/** Called by `module` once its handlers are attached: its controls' taps go to it from now on, the kept ones first. */
export function playEarlyTaps(module: EarlyModule): void {
  const taps = window.earlyTaps;
  if (!taps) return;
  if (!taps.ready.includes(module)) taps.ready.push(module);
  const mine = taps.kept.filter(([name]) => name === module);
  taps.kept = taps.kept.filter(([name]) => name !== module);
  for (const [, control] of mine) {
    if (!control.isConnected) continue;
    if (control instanceof HTMLFormElement) control.requestSubmit();
    else if (control instanceof HTMLElement) control.click();
  }
}
