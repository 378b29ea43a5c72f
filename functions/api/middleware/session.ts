import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { SESSION_DAYS } from "../../../src/domain/account";
import { DomainError } from "../../../src/domain/errors";
import { resolveSession } from "../../services/auth";
import type { AppEnv, AuthContext } from "../env";

export const SESSION_COOKIE = "session";

/** The session token: the HttpOnly cookie (browsers), else `Authorization: Bearer` (other clients). */
export function sessionToken(c: Context): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  return getCookie(c, SESSION_COOKIE) ?? bearer;
}

export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: c.var.deps.secureCookies ?? true,
    sameSite: "Lax",
    path: "/",
    maxAge: SESSION_DAYS * 86_400,
  });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  const secure = c.var.deps.secureCookies ?? true;
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure, httpOnly: true, sameSite: "Lax" });
}

/** Resolves the caller's session, if any, into `c.var.auth` (null when anonymous or the session is invalid). */
export const withSession = createMiddleware<AppEnv>(async (c, next) => {
  const token = sessionToken(c);
  c.set("auth", token ? await resolveSession(c.var.deps, token) : null);
  await next();
});

/** 401 unless a valid session is present. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.auth) throw new DomainError("UNAUTHENTICATED");
  await next();
});

/** The signed-in caller; only for handlers behind requireUser. */
export function caller(c: Context<AppEnv>): AuthContext {
  const auth = c.var.auth;
  if (!auth) throw new DomainError("UNAUTHENTICATED");
  return auth;
}
