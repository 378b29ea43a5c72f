/** Schemas and words only: the docs function loads it without the code that serves it. */
import * as z from "zod";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  sessionUserSchema,
  signinSchema,
  signupSchema,
} from "../../src/domain/accounts/account";
import { rateLimits } from "../../src/domain/rate-limit";
import { type Contract, errorResponseSchema } from "../platform/contract";
import { rateLimitedSchema } from "../platform/middleware/retry-after";

const success = globalThis.API_DOCS_OMITTED || z.object({ success: z.literal(true) });
const failure = globalThis.API_DOCS_OMITTED || errorResponseSchema.extend({ success: z.literal(false) });

const limited = globalThis.API_DOCS_OMITTED || rateLimitedSchema.extend({ success: z.literal(false) });

export const authContract = {
  postAuthSignup: {
    method: "post",
    path: "/api/auth/signup",
    body: signupSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Compte",
      summary: "Créer un compte",
      responses: {
        201: { description: "Compte créé", schema: success },
        400: { description: "Champs invalides", schema: failure },
        409: { description: "E-mail déjà utilisé", schema: failure },
        429: {
          description: `Plus de ${rateLimits.signupPerAddress.max} créations de compte depuis cette adresse IP en une heure glissante. En-tête Retry-After.`,
          schema: limited,
        },
      },
    }),
  },
  postAuthSignin: {
    method: "post",
    path: "/api/auth/signin",
    body: signinSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Compte",
      summary: "Se connecter (pose le cookie de session)",
      responses: {
        200: {
          description: "Connecté",
          schema: z.object({ success: z.literal(true), token: z.string(), user: sessionUserSchema }),
        },
        400: { description: "E-mail ou mot de passe manquant", schema: failure },
        401: { description: "Identifiants incorrects", schema: failure },
        429: {
          description:
            `Trop de tentatives : plus de ${rateLimits.signinPerPair.max} échecs pour cet e-mail depuis cette ` +
            `adresse IP, de ${rateLimits.signinPerAccount.max} pour cet e-mail toutes adresses confondues, ou de ` +
            `${rateLimits.signinPerAddress.max} depuis cette adresse IP, dans les ` +
            `${rateLimits.signinPerPair.windowMinutes} dernières minutes (fenêtre glissante ; chaque tentative est ` +
            `comptée avant la vérification du mot de passe), ou de ${rateLimits.signinPerAccountPerDay.max} pour ` +
            "cet e-mail en 24 heures. Le titulaire du compte reçoit alors un e-mail avec un lien de réinitialisation, " +
            "qui lève le blocage. En-tête Retry-After en secondes.",
          schema: limited,
        },
      },
    }),
  },
  postAuthSignout: {
    method: "post",
    path: "/api/auth/signout",
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Compte",
      summary: "Se déconnecter (révoque la session)",
      responses: { 204: { description: "Déconnecté" } },
    }),
  },
  getAuthMe: {
    method: "get",
    path: "/api/auth/me",
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Compte",
      summary: "L'utilisateur connecté",
      responses: {
        200: { description: "Utilisateur", schema: z.object({ user: sessionUserSchema }) },
        401: { description: "Non connecté", schema: failure },
      },
    }),
  },
  postAuthPasswordForgot: {
    method: "post",
    path: "/api/auth/password/forgot",
    body: forgotPasswordSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Compte",
      summary:
        "Demander un lien de réinitialisation (même réponse que le compte existe ou non ; au plus " +
        `${rateLimits.resetMailsPerEmail.max} mails par e-mail par heure glissante, sans le dire)`,
      responses: {
        200: { description: "Demande prise en compte", schema: success.extend({ message: z.string() }) },
        400: { description: "E-mail invalide", schema: failure },
        429: {
          description: `Plus de ${rateLimits.resetRequestsPerAddress.max} demandes depuis cette adresse IP en ${rateLimits.resetRequestsPerAddress.windowMinutes} minutes glissantes (quel que soit l'e-mail). En-tête Retry-After.`,
          schema: limited,
        },
      },
    }),
  },
  postAuthPasswordReset: {
    method: "post",
    path: "/api/auth/password/reset",
    body: resetPasswordSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Compte",
      summary: "Choisir un nouveau mot de passe avec le lien reçu",
      responses: {
        200: { description: "Mot de passe changé, toutes les sessions fermées", schema: success },
        400: { description: "Lien invalide, expiré ou déjà utilisé", schema: failure },
      },
    }),
  },
  postAuthPasswordChange: {
    method: "post",
    path: "/api/auth/password/change",
    body: changePasswordSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Compte",
      summary: "Changer son mot de passe (les autres sessions sont fermées)",
      responses: {
        200: { description: "Mot de passe changé", schema: success },
        400: { description: "Mot de passe actuel incorrect ou nouveau invalide", schema: failure },
        401: { description: "Non connecté", schema: failure },
        429: {
          description: `Plus de ${rateLimits.passwordChecksPerUser.max} mots de passe actuels incorrects pour ce compte en ${rateLimits.passwordChecksPerUser.windowMinutes} minutes glissantes. En-tête Retry-After.`,
          schema: limited,
        },
      },
    }),
  },
} satisfies Contract;
