/**
 * Inlined at the top of an app-like page's frame (AppScreen.astro), before its island's markup: writes on <html>
 * `data-session-hint`, "signed-in" when the API's readable hint cookie is there (a session may exist), else
 * "signed-out" (certainly nobody), through the session store's own rule (lib/session-hint.ts). Until the island has
 * read the session, its static HTML holds both its wait and its signed-out screen, and CSS (src/styles/site.css)
 * shows the one the hint points to: a visitor sees « Connexion requise » from the first paint, and nothing moves when
 * the island takes over (issue 43, src/islands/ui/SessionFirstPaint.tsx).
 */
import { hasSessionHint } from "../../lib/session-hint";

document.documentElement.dataset.sessionHint = hasSessionHint() ? "signed-in" : "signed-out";
