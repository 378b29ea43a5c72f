import { Hono } from "hono";
import * as z from "zod";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  sessionUserSchema,
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
import { rateLimitedSchema, retryAfterHeader } from "../middleware/retry-after";
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
import { errorResponseSchema, type RouteDoc } from "../openapi";

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

const success = z.object({ success: z.literal(true) });
const failure = errorResponseSchema.extend({ success: z.literal(false) });
const limited = rateLimitedSchema.extend({ success: z.literal(false) });

export const authDocs: RouteDoc[] = [
  {
    method: "post",
    path: "/api/auth/signup",
    tag: "Compte",
    summary: "Créer un compte",
    body: signupSchema,
    responses: {
      201: { description: "Compte créé", schema: success },
      400: { description: "Champs invalides", schema: failure },
      409: { description: "E-mail déjà utilisé", schema: failure },
      429: {
        description: `Plus de ${rateLimits.signupPerAddress.max} créations de compte depuis cette adresse IP en une heure glissante. En-tête Retry-After.`,
        schema: limited,
      },
    },
  },
  {
    method: "post",
    path: "/api/auth/signin",
    tag: "Compte",
    summary: "Se connecter (pose le cookie de session)",
    body: signinSchema,
    responses: {
      200: {
        description: "Connecté",
        schema: z.object({ success: z.literal(true), token: z.string(), user: sessionUserSchema }),
      },
      401: { description: "Identifiants incorrects", schema: failure },
      429: {
        description:
          `Trop de tentatives : plus de ${rateLimits.signinPerEmail.max} échecs pour cet e-mail, ou de ` +
          `${rateLimits.signinPerAddress.max} depuis cette adresse IP, dans les ` +
          `${rateLimits.signinPerEmail.windowMinutes} dernières minutes (fenêtre glissante ; chaque tentative est ` +
          "comptée avant la vérification du mot de passe). En-tête Retry-After en secondes.",
        schema: limited,
      },
    },
  },
  {
    method: "post",
    path: "/api/auth/signout",
    tag: "Compte",
    summary: "Se déconnecter (révoque la session)",
    responses: { 204: { description: "Déconnecté" } },
  },
  {
    method: "get",
    path: "/api/auth/me",
    tag: "Compte",
    summary: "L'utilisateur connecté",
    responses: {
      200: { description: "Utilisateur", schema: z.object({ user: sessionUserSchema }) },
      401: { description: "Non connecté", schema: failure },
    },
  },
  {
    method: "post",
    path: "/api/auth/password/forgot",
    tag: "Compte",
    summary:
      "Demander un lien de réinitialisation (même réponse que le compte existe ou non ; au plus " +
      `${rateLimits.resetMailsPerEmail.max} mails par e-mail par heure glissante, sans le dire)`,
    body: forgotPasswordSchema,
    responses: {
      200: { description: "Demande prise en compte", schema: success.extend({ message: z.string() }) },
      429: {
        description: `Plus de ${rateLimits.resetRequestsPerAddress.max} demandes depuis cette adresse IP en ${rateLimits.resetRequestsPerAddress.windowMinutes} minutes glissantes (quel que soit l'e-mail). En-tête Retry-After.`,
        schema: limited,
      },
    },
  },
  {
    method: "post",
    path: "/api/auth/password/reset",
    tag: "Compte",
    summary: "Choisir un nouveau mot de passe avec le lien reçu",
    body: resetPasswordSchema,
    responses: {
      200: { description: "Mot de passe changé, toutes les sessions fermées", schema: success },
      400: { description: "Lien invalide, expiré ou déjà utilisé", schema: failure },
    },
  },
  {
    method: "post",
    path: "/api/auth/password/change",
    tag: "Compte",
    summary: "Changer son mot de passe (les autres sessions sont fermées)",
    body: changePasswordSchema,
    responses: {
      200: { description: "Mot de passe changé", schema: success },
      400: { description: "Mot de passe actuel incorrect ou nouveau invalide", schema: failure },
      401: { description: "Non connecté", schema: failure },
      429: {
        description: `Plus de ${rateLimits.passwordChecksPerUser.max} mots de passe actuels incorrects pour ce compte en ${rateLimits.passwordChecksPerUser.windowMinutes} minutes glissantes. En-tête Retry-After.`,
        schema: limited,
      },
    },
  },
];
