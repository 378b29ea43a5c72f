import { Hono } from "hono";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signinSchema,
  signupSchema,
} from "../../../src/domain/account";
import { DomainError, errorBody } from "../../../src/domain/errors";
import { rateLimits } from "../../../src/domain/rate-limit";
import { createUser } from "../../services/accounts";
import {
  changePassword,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
  toSessionUser,
} from "../../services/auth";
import { admitAttempt } from "../../services/throttle";
import type { AppEnv } from "../env";
import { clientKey } from "../middleware/client-ip";
import { retryAfterHeader } from "../middleware/retry-after";
import {
  caller,
  clearSentSessionCookies,
  clearSessionCookie,
  requireUser,
  sessionToken,
  setSessionCookie,
  withSession,
} from "../middleware/session";
import { validate } from "../middleware/validate";

export const FORGOT_PASSWORD_ANSWER =
  "Si un compte existe pour cette adresse, un lien de réinitialisation vient d'y être envoyé.";

export const authRoutes = new Hono<AppEnv>()
  // Auth answers carry `success` (spec contract), errors included.
  .use(async (c, next) => {
    await next();
    if (c.res.status >= 400 && c.res.headers.get("content-type")?.includes("application/json")) {
      const body = (await c.res.clone().json()) as Record<string, unknown>;
      c.res = new Response(JSON.stringify({ success: false, ...body }), c.res);
    }
  })
  .use(retryAfterHeader)
  .post("/signup", validate("json", signupSchema), async (c) => {
    await admitAttempt(c.var.deps, [
      { scope: "signup-address", subject: clientKey(c), rule: rateLimits.signupPerAddress },
    ]);
    await createUser(c.var.deps, c.req.valid("json"));
    return c.json({ success: true }, 201);
  })
  .post("/signin", validate("json", signinSchema), async (c) => {
    const { token, user } = await signIn(c.var.deps, c.req.valid("json"), clientKey(c));
    setSessionCookie(c, token);
    return c.json({ success: true, token, user });
  })
  .post("/signout", async (c) => {
    const token = sessionToken(c);
    if (token) await signOut(c.var.deps, token);
    clearSessionCookie(c);
    return c.body(null, 204);
  })
  .get("/me", withSession, (c) => {
    const auth = c.var.auth;
    if (auth) return c.json({ user: toSessionUser(auth.user) });
    // No valid session: the browser forgets its cookies, the hint with them, and stops asking at each page.
    clearSentSessionCookies(c);
    return c.json(errorBody(new DomainError("UNAUTHENTICATED")), 401);
  })
  .post("/password/forgot", validate("json", forgotPasswordSchema), async (c) => {
    await admitAttempt(c.var.deps, [
      { scope: "reset-request-address", subject: clientKey(c), rule: rateLimits.resetRequestsPerAddress },
    ]);
    // Handed to the background, not looked up here: the answer takes the same time whatever the e-mail.
    requestPasswordReset(c.var.deps, c.req.valid("json").email);
    return c.json({ success: true, message: FORGOT_PASSWORD_ANSWER });
  })
  .post("/password/reset", validate("json", resetPasswordSchema), async (c) => {
    await resetPassword(c.var.deps, c.req.valid("json"));
    return c.json({ success: true });
  })
  .post("/password/change", withSession, requireUser, validate("json", changePasswordSchema), async (c) => {
    const { user, tokenHash } = caller(c);
    await changePassword(c.var.deps, user, tokenHash, c.req.valid("json"));
    return c.json({ success: true });
  });
