import { Hono } from "hono";
import { DomainError, errorBody } from "../../src/domain/errors";
import { rateLimits } from "../../src/domain/rate-limit";
import type { AppEnv } from "../platform/env";
import { clientKey } from "../platform/middleware/client-ip";
import { retryAfterHeader } from "../platform/middleware/retry-after";
import { route, routesAt } from "../platform/route";
import { admitAttempt } from "../platform/throttle";
import { changePassword, requestPasswordReset, resetPassword, signIn, signOut, toSessionUser } from "./auth";
import { authContract as contract } from "./contract";
import { createUser } from "./service";
import {
  caller,
  clearSentSessionCookies,
  clearSessionCookie,
  requireUser,
  sessionToken,
  setSessionCookie,
  withSession,
} from "./session-middleware";

export const FORGOT_PASSWORD_ANSWER =
  "Si un compte existe pour cette adresse, un lien de réinitialisation vient d'y être envoyé.";

export const authRoutes = routesAt(
  { mount: "/api/auth", area: "accounts" },
  new Hono<AppEnv>()
    .use(async (c, next) => {
      await next();
      if (c.res.status >= 400 && c.res.headers.get("content-type")?.includes("application/json")) {
        const body = (await c.res.clone().json()) as Record<string, unknown>;
        c.res = new Response(JSON.stringify({ success: false, ...body }), c.res);
      }
    })
    .use(retryAfterHeader),
);

route(authRoutes, contract.postAuthSignup, async (c) => {
  await admitAttempt(c.var.deps, [
    { scope: "signup-address", subject: clientKey(c), rule: rateLimits.signupPerAddress },
  ]);
  await createUser(c.var.deps, c.req.valid("json"));
  return c.json({ success: true }, 201);
});

route(authRoutes, contract.postAuthSignin, async (c) => {
  const { token, user } = await signIn(c.var.deps, c.req.valid("json"), clientKey(c));
  setSessionCookie(c, token);
  return c.json({ success: true, token, user });
});

route(authRoutes, contract.postAuthSignout, async (c) => {
  const token = sessionToken(c);
  if (token) await signOut(c.var.deps, token);
  clearSessionCookie(c);
  return c.body(null, 204);
});

route(authRoutes, contract.getAuthMe, withSession, (c) => {
  const auth = c.var.auth;
  if (auth) return c.json({ user: toSessionUser(auth.user) });
  // No valid session: the browser forgets its cookies, the hint with them, and stops asking at each page.
  clearSentSessionCookies(c);
  return c.json(errorBody(new DomainError("UNAUTHENTICATED")), 401);
});

route(authRoutes, contract.postAuthPasswordForgot, async (c) => {
  await admitAttempt(c.var.deps, [
    { scope: "reset-request-address", subject: clientKey(c), rule: rateLimits.resetRequestsPerAddress },
  ]);
  requestPasswordReset(c.var.deps, c.req.valid("json").email);
  return c.json({ success: true, message: FORGOT_PASSWORD_ANSWER });
});

route(authRoutes, contract.postAuthPasswordReset, async (c) => {
  await resetPassword(c.var.deps, c.req.valid("json"));
  return c.json({ success: true });
});

route(authRoutes, contract.postAuthPasswordChange, withSession, requireUser, async (c) => {
  const { user, tokenHash } = caller(c);
  await changePassword(c.var.deps, user, tokenHash, c.req.valid("json"));
  return c.json({ success: true });
});
