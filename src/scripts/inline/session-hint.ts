/**
 * Inlined at the top of an app-like page's frame (AppScreen.astro), before its island's markup: writes on <html>
 * `data-session-hint`, "signed-in" when the API's readable hint cookie is there (a session may exist), else
 * "signed-out" (certainly nobody), through the session store's own rule (lib/session-hint.ts). Until the island has
 * read the session, its static HTML holds both its wait and its signed-out screen, and CSS (src/styles/site.css)
 * shows the one the hint points to: a visitor sees « Connexion requise » from the first paint, and nothing moves when
 * the island takes over (src/islands/ui/SessionFirstPaint.tsx).
 * When a session may exist, it also starts the API reads the page lists in its `data-early-reads` (the session, the
 * customer's orders...), which the island takes when its code has arrived (lib/early-reads.ts).
 */
import { startEarlyReads } from "../../lib/early-reads";
import { hasSessionHint } from "../../lib/session-hint";

const hinted = hasSessionHint();
document.documentElement.dataset.sessionHint = hinted ? "signed-in" : "signed-out";
const early = document.currentScript?.dataset.earlyReads;
if (hinted && early) startEarlyReads(early.split(" "));
