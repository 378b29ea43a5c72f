import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { SESSION_DAYS } from "../../src/domain/accounts/account";
import { DomainError } from "../../src/domain/errors";
import type { AppEnv, AuthContext } from "../platform/env";
import { resolveSession } from "./auth";

export const SESSION_COOKIE = "session";
/**
 * Not HttpOnly: "a session may be there", so the islands skip GET /api/auth/me when nobody is signed in. It proves
 * nothing: the API trusts the session cookie only.
 */
export const SESSION_HINT_COOKIE = "signed_in";

/** The session token: the HttpOnly cookie (browsers), else `Authorization: Bearer` (other clients). */
export function sessionToken(c: Context): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  return getCookie(c, SESSION_COOKIE) ?? bearer;
}

export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  const options = {
    secure: c.var.deps.secureCookies ?? true,
    sameSite: "Lax",
    path: "/",
    maxAge: SESSION_DAYS * 86_400,
  } as const;
  setCookie(c, SESSION_COOKIE, token, { ...options, httpOnly: true });
  setCookie(c, SESSION_HINT_COOKIE, "1", options);
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  const options = { path: "/", secure: c.var.deps.secureCookies ?? true, sameSite: "Lax" } as const;
  deleteCookie(c, SESSION_COOKIE, { ...options, httpOnly: true });
  deleteCookie(c, SESSION_HINT_COOKIE, options);
}

export function clearSentSessionCookies(c: Context<AppEnv>): void {
  if (getCookie(c, SESSION_COOKIE) !== undefined || getCookie(c, SESSION_HINT_COOKIE) !== undefined)
    clearSessionCookie(c);
}

export const withSession = createMiddleware<AppEnv>(async (c, next) => {
  const token = sessionToken(c);
  c.set("auth", token ? await resolveSession(c.var.deps, token) : null);
  await next();
});

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.auth) throw new DomainError("UNAUTHENTICATED");
  await next();
});

/** The handler proves the token in its own read round, before it judges or answers anything. */
export const requireSessionToken = createMiddleware<AppEnv>(async (c, next) => {
  if (!sessionToken(c)) throw new DomainError("UNAUTHENTICATED");
  await next();
});

export function unprovenSessionToken(c: Context<AppEnv>): string {
  const token = sessionToken(c);
  if (!token) throw new DomainError("UNAUTHENTICATED");
  return token;
}

export function caller(c: Context<AppEnv>): AuthContext {
  const auth = c.var.auth;
  if (!auth) throw new DomainError("UNAUTHENTICATED");
  return auth;
}
