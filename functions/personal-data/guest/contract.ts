/** A guest's personal data, by a mailed link. Schemas and words only. */
import * as z from "zod";
import { emailSchema } from "../../../src/domain/accounts/account";
import {
  GUEST_DATA_LINK_HOURS,
  GUEST_DATA_LINK_INVALID,
  GUEST_DATA_REQUEST_ANSWER,
  guestDataLimits,
} from "../../../src/domain/personal-data/guest-data";
import { type Contract, errorResponse as error } from "../../platform/contract";
import { rateLimitedSchema } from "../../platform/middleware/retry-after";

export const guestDataRequestSchema = z.strictObject({ email: emailSchema });

/** The token of the mailed link (the page reads it from the fragment `#jeton=`). */
export const guestDataTokenSchema = z.strictObject({
  token: z.string().trim().min(1, GUEST_DATA_LINK_INVALID).max(200, GUEST_DATA_LINK_INVALID),
});

const tag = "Données personnelles sans compte";
const tokenWords = `Corps : le jeton du lien reçu par e-mail (fragment #jeton= de /mes-donnees), valable ${GUEST_DATA_LINK_HOURS} heures.`;
const invalidLink =
  globalThis.API_DOCS_OMITTED ||
  error(`Lien inconnu, expiré ou déjà utilisé pour effacer : « ${GUEST_DATA_LINK_INVALID} »`);

export const guestDataContract = {
  postGuestPersonalDataRequest: {
    method: "post",
    path: "/api/guest/personal-data/request",
    body: guestDataRequestSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag,
      summary:
        "Recevoir par e-mail un lien vers ses données (RGPD art. 15, 17, 20) quand on a commandé sans compte. La même réponse quel que soit l'e-mail ; le lien n'est envoyé que si des commandes sans compte existent pour cette adresse (au plus " +
        `${guestDataLimits.mailsPerEmail.max} par heure et par adresse e-mail).`,
      responses: {
        202: {
          description: `Demande reçue : « ${GUEST_DATA_REQUEST_ANSWER} »`,
          schema: z.object({ message: z.string() }),
        },
        400: error("E-mail invalide"),
        429: {
          description: `Plus de ${guestDataLimits.requestsPerAddress.max} demandes depuis cette adresse IP en une heure glissante. En-tête Retry-After.`,
          schema: rateLimitedSchema,
        },
      },
    }),
  },
  postGuestPersonalDataExport: {
    method: "post",
    path: "/api/guest/personal-data/export",
    body: guestDataTokenSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag,
      summary:
        "Télécharger ses données de commandes sans compte : un zip avec donnees.json (commandes, rétractations, alertes de retour en stock, refus de l'adresse par l'envoi d'e-mails), les factures et avoirs en PDF et un LISEZMOI.txt. " +
        tokenWords,
      responses: {
        200: { description: "Archive zip (application/zip)" },
        400: error("Jeton absent"),
        404: invalidLink,
        429: {
          description: `Plus de ${guestDataLimits.exportsPerEmail.max} exports pour cette adresse e-mail en une heure (Retry-After)`,
          schema: rateLimitedSchema,
        },
      },
    }),
  },
  postGuestPersonalDataErase: {
    method: "post",
    path: "/api/guest/personal-data/erase",
    body: guestDataTokenSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag,
      summary:
        "Effacer ses données de commandes sans compte : chaque commande garde ce que la comptabilité exige (montants, lignes, dates, paiement, numéros de facture et d'avoir ; factures et avoirs conservés 10 ans tels qu'émis) et plus rien qui nomme la personne ; ses liens de suivi cessent de fonctionner, ses alertes de retour en stock sont supprimées. Le lien ne sert qu'une fois. " +
        tokenWords,
      responses: {
        200: {
          description: "Données effacées : le nombre de commandes rendues anonymes",
          schema: z.object({ erased: z.number().int().nonnegative() }),
        },
        400: error("Jeton absent"),
        404: invalidLink,
        409: error(
          "Une commande est en cours (pas encore livrée ni annulée), une rétractation attend son retour ou son remboursement, ou un remboursement est dû",
        ),
        503: error("Effacement momentanément impossible : réessayer"),
      },
    }),
  },
} satisfies Contract;
