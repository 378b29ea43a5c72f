/** « Créer mon compte » after a guest order, and the attachment of past guest orders. */
import * as z from "zod";
import { passwordSchema, sessionUserSchema } from "../../../../src/domain/accounts/account";
import {
  GUEST_ATTACH_LINK_HOURS,
  GUEST_ATTACH_LINK_INVALID,
  GUEST_ATTACH_OTHER_ACCOUNT,
  guestAccountLimits,
} from "../../../../src/domain/accounts/guest-account";
import { rateLimits } from "../../../../src/domain/rate-limit";
import { type Contract, errorResponse as error } from "../../../platform/contract";
import { rateLimitedSchema } from "../../../platform/middleware/retry-after";

/** « Créer mon compte »: the guest order (its link's token in X-Order-Token) and the password only. */
export const guestAccountSchema = z.strictObject({
  order_id: z.string().trim().min(1, "La commande est obligatoire.").max(40),
  password: passwordSchema,
});

export const guestAttachSchema = z.strictObject({
  token: z.string().trim().min(1, GUEST_ATTACH_LINK_INVALID).max(200, GUEST_ATTACH_LINK_INVALID),
});

const tag = "Compte après une commande sans compte";
const mails = `Au plus ${guestAccountLimits.attachMailsPerEmail.max} liens par adresse e-mail par heure glissante, sans le dire ; chaque lien est valable ${GUEST_ATTACH_LINK_HOURS} heures et ne sert qu'une fois.`;

export const guestAccountContract = {
  postGuestAccount: {
    method: "post",
    path: "/api/guest/account",
    body: guestAccountSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag,
      summary:
        "Créer son compte après une commande sans compte : seulement un mot de passe ; l'e-mail et le nom sont ceux de la commande. En-tête X-Order-Token : le jeton du lien de suivi de la commande. Ouvre une session (cookie). Dans tous les cas (compte créé, ou e-mail déjà pris), un lien est envoyé à l'e-mail de la commande pour rattacher au compte ses commandes passées sans compte : elles ne le sont qu'une fois l'adresse prouvée. " +
        mails,
      responses: {
        201: {
          description: "Compte créé, session ouverte (cookie), lien de rattachement envoyé",
          schema: z.object({ user: sessionUserSchema }),
        },
        400: error("Mot de passe invalide (fields.password)"),
        401: error("ORDER_IN_ACCOUNT : la commande est déjà rattachée à un compte, auquel se connecter"),
        404: error("Commande inconnue, ou lien faux, révoqué ou expiré : la même réponse"),
        409: error(
          "EMAIL_TAKEN : « Un compte existe déjà avec cette adresse e-mail. » Le lien de rattachement est envoyé quand même, à utiliser une fois connecté.",
        ),
        429: {
          description: `Plus de ${rateLimits.signupPerAddress.max} créations de compte depuis cette adresse IP en une heure glissante. En-tête Retry-After.`,
          schema: rateLimitedSchema,
        },
      },
    }),
  },
} satisfies Contract;

export const guestOrdersAttachContract = {
  postUserGuestOrdersAttach: {
    method: "post",
    path: "/api/user/guest-orders/attach",
    body: guestAttachSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag,
      summary:
        "Rattacher à son compte ses commandes passées sans compte, avec le lien reçu par e-mail (fragment #jeton= de /retrouver-mes-commandes) : toutes les commandes sans compte de l'adresse du lien passent au compte connecté, et leurs liens de suivi cessent de fonctionner (elles se consultent connecté). Le lien doit avoir été envoyé pour ce compte, à l'adresse qu'il a encore.",
      responses: {
        200: {
          description: "Le nombre de commandes rattachées",
          schema: z.object({ attached: z.number().int().nonnegative() }),
        },
        400: error("Jeton absent"),
        401: error("Non connecté"),
        404: error(
          `Lien inconnu, expiré, déjà utilisé, ou pour une adresse qui n'est plus celle du compte : « ${GUEST_ATTACH_LINK_INVALID} » ; envoyé pour un autre compte : « ${GUEST_ATTACH_OTHER_ACCOUNT} »`,
        ),
        409: error("Les commandes changent en ce moment (tentatives épuisées) : réessayer"),
      },
    }),
  },
  postUserGuestOrdersAttachLink: {
    method: "post",
    path: "/api/user/guest-orders/attach-link",
    ...(globalThis.API_DOCS_OMITTED || {
      tag,
      summary: `Recevoir par e-mail un lien pour rattacher à son compte les commandes passées sans compte avec son adresse. La même réponse qu'il en existe ou non ; le lien n'est envoyé que s'il en existe. ${mails}`,
      responses: {
        202: { description: "Demande prise en compte", schema: z.object({ sent: z.literal(true) }) },
        401: error("Non connecté"),
      },
    }),
  },
} satisfies Contract;
