import type { ReactNode } from "react";
import type { SessionStatus } from "../../stores/session";

/**
 * What a page that needs a session shows, from its first paint: `children` (its wait, then its content)
 * once signed in, `signedOut` (« Connexion requise ») once signed out. Until the island has read the session (its
 * static HTML, then its hydration, which renders the same), both are there and CSS shows the one the hint cookie points
 * to (AppScreen's session-hint.ts, src/styles/site.css): a visitor sees the sign-in screen in the first frame instead
 * of after React has loaded, and when the session is known the one that holds stays in place (same position in the
 * tree: nothing is mounted again, nothing moves).
 */
export function SessionFirstPaint({
  status,
  signedOut,
  children,
}: {
  status: SessionStatus;
  signedOut: ReactNode;
  children: ReactNode;
}) {
  const known = status === "signed-in" || status === "signed-out";
  return (
    <>
      {status !== "signed-out" && <div data-first-session={known ? undefined : "signed-in"}>{children}</div>}
      {status !== "signed-in" && <div data-first-session={known ? undefined : "signed-out"}>{signedOut}</div>}
    </>
  );
}
