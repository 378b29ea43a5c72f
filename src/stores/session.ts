import { atom, computed, onMount } from "nanostores";
import type { SessionUser } from "../domain/accounts/account";
import { ApiError } from "../lib/api-client";
import { hasSessionHint } from "../lib/session-hint";

/**
 * The signed-in customer, shared by every island. The session itself is an HttpOnly cookie the page never
 * reads (api.md "Sessions"): this store keeps only the non-secret user object the API answers.
 *   unknown    nothing asked yet (the static HTML, before startSession)
 *   loading    GET /api/auth/me under way
 *   signed-in  user is set
 *   signed-out no session, or it could not be confirmed
 */
export type SessionStatus = "unknown" | "loading" | "signed-in" | "signed-out";
export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
}

export const $session = atom<SessionState>({ status: "unknown", user: null });
export const $user = computed($session, (session) => session.user);

/**
 * Whether the menus show the Administration links: GET /api/admin/check, rerun whenever the user changes,
 * a failure meaning not admin (spec 6). Asked only while something displays it. The server checks admin
 * rights on every admin route whatever this says.
 */
export const $isAdmin = atom(false);

// Every page's header reads this store: the client loads only when a call is made (the storefront's script budget).
const client = () => import("../lib/api/client");
onMount($isAdmin, () =>
  $user.subscribe((user) => {
    if (!user) {
      $isAdmin.set(false);
      return;
    }
    client()
      .then(({ api, unwrap }) => unwrap(api.GET("/api/admin/check")))
      .then((answer) => {
        if ($user.get()?.id === user.id) $isAdmin.set(answer.isAdmin === true);
      })
      .catch(() => $isAdmin.set(false));
  }),
);

function setSignedIn(user: SessionUser): void {
  $session.set({ status: "signed-in", user });
}

export function setSignedOut(): void {
  $session.set({ status: "signed-out", user: null });
}

let started: Promise<void> | null = null;

/**
 * At startup: asks who is signed in (GET /api/auth/me), only when the hint cookie says a session may exist; without
 * it, or on any failure, signed out. Runs once per page.
 */
export function startSession(): Promise<void> {
  if (!started) started = refreshSession();
  return started;
}

export async function refreshSession(): Promise<void> {
  if (!hasSessionHint()) {
    setSignedOut();
    return;
  }
  if ($session.get().status === "unknown") $session.set({ status: "loading", user: null });
  try {
    const { api, unwrap } = await client();
    const { user } = await unwrap(api.GET("/api/auth/me"));
    setSignedIn(user);
  } catch {
    setSignedOut();
  }
}

/** POST /api/auth/signin; the cookie comes with the answer. Throws ApiError with the message to show. */
export async function signIn(email: string, password: string): Promise<SessionUser> {
  const { api, unwrap } = await client();
  const { user } = await unwrap(api.POST("/api/auth/signin", { body: { email, password } }));
  setSignedIn(user);
  return user;
}

/** POST /api/auth/signup; the new customer then signs in (spec 4). */
export async function signUp(input: { email: string; password: string; fullName: string }): Promise<void> {
  const { api, unwrap } = await client();
  await unwrap(api.POST("/api/auth/signup", { body: input }));
}

/** POST /api/auth/signout; the local user is cleared even when the call fails (spec 4). */
export async function signOut(): Promise<void> {
  try {
    const { api, unwrap } = await client();
    await unwrap(api.POST("/api/auth/signout"));
  } catch {
    // The cookie may outlive a failed call; the next GET /api/auth/me will say so.
  } finally {
    setSignedOut();
  }
}

/** After the profile was saved: the header shows the new name at once. */
export function updateSessionUser(user: SessionUser): void {
  if ($session.get().user?.id === user.id) setSignedIn(user);
}

/** A call answered 401: the session expired or was revoked elsewhere. */
export function handleUnauthenticated(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 401) {
    setSignedOut();
    return true;
  }
  return false;
}
