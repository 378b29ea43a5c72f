/**
 * The contract of functions/admin/routes.ts: each operation declared once, bound to its handler there
 * (functions/platform/route.ts) and documented from here (functions/main/contracts.ts). Schemas and words only, never
 * services: the docs function loads it without the code that serves it (decision record 023).
 */
import * as z from "zod";
import { sessionUserSchema } from "../../src/domain/accounts/account";
import { addressSchema } from "../../src/domain/accounts/address";
import {
  adminOrdersQuerySchema,
  adminOrderUpdateSchema,
  adminProductSchema,
  adminProductUpdateSchema,
  adminPromoSchema,
  adminReturnSchema,
  pageQuerySchema,
} from "../../src/domain/admin/admin";
import { productIdParamSchema, productSchema } from "../../src/domain/catalog/product";
import { orderSchema } from "../../src/domain/orders/order";
import { settingKeys, settingSchemas } from "../../src/domain/settings/settings";
import {
  adminOnly,
  type Contract,
  errorResponse,
  errorResponseSchema,
  type Operation,
} from "../platform/contract";
import { idParam } from "../platform/params";
import { refundParam, settingBody, settingKeyParam } from "./schemas";

const guarded = adminOnly;

const invalid = globalThis.API_DOCS_OMITTED || { 400: errorResponse("Champs invalides") };

const notFound = globalThis.API_DOCS_OMITTED || { 404: errorResponse("Introuvable") };

/**
 * An operation of the owner's panel, documented: its summary and answers, with the admin guard's (its 401 and 403).
 * Called only behind each operation's `globalThis.API_DOCS_OMITTED ||` (src/domain/api-docs.d.ts): the admin
 * function's bundle leaves it out.
 */
const administration = (summary: string, responses: Operation["responses"]) => ({
  tag: "Administration",
  summary,
  responses: { ...responses, ...guarded },
});

const incomplete =
  "PRODUCT_INCOMPLETE : un produit en vente doit avoir ses informations obligatoires (missing_fields les nomme)";

const promoSchema =
  globalThis.API_DOCS_OMITTED ||
  z.object({ id: z.string(), code: z.string(), usage_count: z.number() }).loose();

const page = (name: string, item: z.ZodType) =>
  z.object({ [name]: z.array(item), next_cursor: z.string().nullable() });

const publishStatusSchema =
  globalThis.API_DOCS_OMITTED ||
  z.object({
    state: z.enum(["up_to_date", "pending", "publishing", "failed"]),
    label: z.string(),
    error: z.string().nullable(),
    requested_at: z.string().nullable(),
    published_at: z.string().nullable(),
  });

/** A customer as the owner sees them: the session's view of the account (toSessionUser). */
const userDetailsSchema =
  globalThis.API_DOCS_OMITTED ||
  sessionUserSchema.extend({
    addresses: z.array(addressSchema),
    mail_suppression: z
      .object({ reason: z.enum(["bounce", "complaint"]), at: z.string() })
      .nullable()
      .describe("SES a refusé l'adresse (rebond permanent ou plainte) : la boutique ne lui écrit plus"),
  });

/** The dashboard's figures (adminStats): counts, and amounts in euros. */
const statsSchema =
  globalThis.API_DOCS_OMITTED ||
  z.object({
    totalUsers: z.number().int(),
    totalProducts: z.number().int(),
    totalOrders: z.number().int(),
    totalRevenue: z.number().describe("Euros"),
    ordersThisMonth: z.number().int(),
    averageOrderValue: z.number().describe("Euros"),
    pendingOrders: z.number().int(),
    completedOrders: z.number().int(),
  });

const shopSetupSchema =
  globalThis.API_DOCS_OMITTED ||
  z.object({
    items: z.array(
      z.object({
        id: z.enum(["company", "mediator", "bank_transfer", "paypal", "shipping"]),
        label: z.string(),
        setting: z.enum(settingKeys as [string, ...string[]]),
        state: z.enum(["done", "missing", "off"]),
        missing: z.array(z.string()),
        detail: z.string(),
      }),
    ),
    methods: z.object({ bank_transfer: z.boolean(), paypal: z.boolean() }),
    canTakeOrders: z.boolean(),
    blockers: z.array(z.string()),
  });

export const adminContract = {
  getAdminCheck: {
    method: "get",
    path: "/api/admin/check",
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Administration",
      summary: "L'appelant est-il administrateur ? (répond à tous, false si anonyme)",
      responses: { 200: { description: "Réponse", schema: z.object({ isAdmin: z.boolean() }) } },
    }),
  },
  getAdminStats: {
    method: "get",
    path: "/api/admin/stats",
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Statistiques du tableau de bord", {
        200: {
          description: "Chiffres",
          schema: statsSchema,
        },
      })),
  },
  getAdminUsers: {
    method: "get",
    path: "/api/admin/users",
    query: pageQuerySchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Clients, du plus récent au plus ancien", {
        200: { description: "Page", schema: page("users", sessionUserSchema) },
        ...invalid,
      })),
  },
  getAdminUsersById: {
    method: "get",
    path: "/api/admin/users/{id}",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Profil et adresses d'un client", {
        200: { description: "Client", schema: userDetailsSchema },
        ...invalid,
        ...notFound,
      })),
  },
  deleteAdminUsersByIdMailSuppression: {
    method: "delete",
    path: "/api/admin/users/{id}/mail-suppression",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Réautoriser les e-mails vers l'adresse d'un client, refusée par SES (rebond permanent ou plainte)",
        { 204: { description: "Levé (ou rien à lever)" }, ...invalid, ...notFound },
      )),
  },
  getAdminUsersByIdSummary: {
    method: "get",
    path: "/api/admin/users/{id}/summary",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Identité d'un client (historique des codes promo)", {
        200: { description: "Client", schema: userDetailsSchema },
        ...invalid,
        ...notFound,
      })),
  },
  getAdminProducts: {
    method: "get",
    path: "/api/admin/products",
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Tous les produits, actifs ou non", {
        200: {
          description: "Produits",
          schema: z.array(productSchema),
        },
      })),
  },
  postAdminProducts: {
    method: "post",
    path: "/api/admin/products",
    body: adminProductSchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Créer un produit", {
        201: { description: "Produit créé", schema: productSchema },
        ...invalid,
        409: { description: incomplete, schema: errorResponseSchema },
      })),
  },
  putAdminProductsById: {
    method: "put",
    path: "/api/admin/products/{id}",
    params: productIdParamSchema,
    body: adminProductUpdateSchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Modifier un produit (stock_loaded : le stock affiché à l'ouverture du formulaire ; un nouveau stock n'est écrit que s'il n'a pas changé depuis)",
        {
          200: { description: "Produit", schema: productSchema },
          ...invalid,
          ...notFound,
          409: errorResponse(
            `STOCK_CHANGED : le stock a changé depuis l'ouverture du formulaire ; stock donne le stock actuel. ${incomplete}`,
          ),
        },
      )),
  },
  deleteAdminProductsById: {
    method: "delete",
    path: "/api/admin/products/{id}",
    params: productIdParamSchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Supprimer un produit", { 204: { description: "Supprimé" }, ...invalid, ...notFound })),
  },
  getAdminOrders: {
    method: "get",
    path: "/api/admin/orders",
    query: adminOrdersQuerySchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Commandes, de la plus récente à la plus ancienne ; filtrées par statut et statut de paiement, cherchées par numéro, référence de virement, nom ou e-mail (q)",
        {
          200: {
            description: "Page (au plus `limit` commandes ; un curseur tant qu'il en reste)",
            schema: page("orders", orderSchema),
          },
          ...invalid,
        },
      )),
  },
  putAdminOrdersById: {
    method: "put",
    path: "/api/admin/orders/{id}",
    params: idParam,
    body: adminOrderUpdateSchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Statut, paiement et expédition d'une commande, selon le cycle de vie des commandes (paiement reçu : facture ; annulation : stock et code promo rendus une fois, avoir si la commande était payée ; remboursement d'une commande annulée)",
        {
          200: { description: "Commande", schema: orderSchema },
          ...invalid,
          ...notFound,
          409: errorResponse(
            "ORDER_TRANSITION : changement refusé par le cycle de vie (commande annulée, livrée, non payée...), rien n'est modifié ; la raison est dans error",
          ),
          502: errorResponse(
            "PAYPAL_ERROR : PayPal a refusé le remboursement d'une commande PayPal annulée ; elle reste « Remboursement à effectuer »",
          ),
          503: errorResponse(
            "PAYPAL_UNAVAILABLE : PayPal injoignable pour le remboursement d'une commande PayPal annulée (Retry-After), elle reste « Remboursement à effectuer » ; UNAVAILABLE : base de données momentanément indisponible",
          ),
        },
      )),
  },
  postAdminOrdersByIdReturns: {
    method: "post",
    path: "/api/admin/orders/{id}/returns",
    params: idParam,
    body: adminReturnSchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Enregistrer le retour de produits d'une commande expédiée ou livrée et le rembourser : ligne par ligne, remise en stock au choix, PayPal remboursé par son API, virement noté « remboursement à effectuer » ; un avoir par remboursement",
        {
          201: { description: "Commande", schema: orderSchema },
          ...invalid,
          ...notFound,
          409: errorResponse(
            "CONFLICT (formulaire périmé : order_version), RETURN_INVALID, REFUND_AMOUNT_CHANGED (amount donne le bon montant), ORDER_TRANSITION ; rien n'est remboursé",
          ),
          502: errorResponse(
            "PAYPAL_ERROR : PayPal a refusé le remboursement ou a eu une erreur, rien n'est enregistré",
          ),
          503: errorResponse(
            "PAYPAL_UNAVAILABLE : PayPal injoignable ou identifiants de la boutique refusés (Retry-After), rien n'est enregistré",
          ),
        },
      )),
  },
  postAdminOrdersByIdRefundsByRefundIdDone: {
    method: "post",
    path: "/api/admin/orders/{id}/refunds/{refundId}/done",
    params: refundParam,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Marquer effectué le virement d'un remboursement à effectuer", {
        200: { description: "Commande", schema: orderSchema },
        ...invalid,
        ...notFound,
      })),
  },
  postAdminOrdersByIdGuestLink: {
    method: "post",
    path: "/api/admin/orders/{id}/guest-link",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Commande sans compte (issue 32) : révoque tous ses liens de suivi et en envoie un nouveau à l'e-mail de la commande",
        {
          200: {
            description: "L'adresse à laquelle le nouveau lien est parti",
            schema: z.object({ email: z.string() }),
          },
          ...notFound,
          409: errorResponse("Commande passée avec un compte client : elle n'a pas de lien de suivi"),
        },
      )),
  },
  getAdminPromo: {
    method: "get",
    path: "/api/admin/promo",
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Codes promo", { 200: { description: "Codes", schema: z.array(promoSchema) } })),
  },
  postAdminPromo: {
    method: "post",
    path: "/api/admin/promo",
    body: adminPromoSchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Créer un code promo (code unique, en majuscules)", {
        201: { description: "Code créé", schema: promoSchema },
        ...invalid,
        409: errorResponse("Ce code promo existe déjà"),
      })),
  },
  putAdminPromoById: {
    method: "put",
    path: "/api/admin/promo/{id}",
    params: idParam,
    body: adminPromoSchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Modifier un code promo", {
        200: { description: "Code", schema: promoSchema },
        ...invalid,
        ...notFound,
        409: errorResponse("Ce code promo existe déjà, ou il est archivé : il ne peut plus être modifié"),
      })),
  },
  deleteAdminPromoById: {
    method: "delete",
    path: "/api/admin/promo/{id}",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Supprimer un code promo jamais utilisé (204) ; un code déjà utilisé est archivé (200) : inactif, son historique reste",
        {
          204: { description: "Supprimé" },
          ...invalid,
          ...notFound,
          200: {
            description: "Archivé au lieu d'être supprimé (le code a déjà servi)",
            schema: z.object({ archived: z.literal(true), message: z.string() }),
          },
        },
      )),
  },
  getAdminPromoByIdUsage: {
    method: "get",
    path: "/api/admin/promo/{id}/usage",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Historique d'utilisation d'un code", {
        200: { description: "Utilisations" },
        ...invalid,
        ...notFound,
      })),
  },
  getAdminPublishing: {
    method: "get",
    path: "/api/admin/publishing",
    ...(globalThis.API_DOCS_OMITTED ||
      administration("État de la publication du site (Site à jour, Publication en cours…, Échec…)", {
        200: {
          description: "État",
          schema: publishStatusSchema,
        },
      })),
  },
  postAdminPublishingRetry: {
    method: "post",
    path: "/api/admin/publishing/retry",
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Relancer la publication du site (après un échec)", {
        202: { description: "Publication demandée", schema: publishStatusSchema },
      })),
  },
  getAdminSetup: {
    method: "get",
    path: "/api/admin/setup",
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Mise en place : ce que la boutique doit renseigner avant de vendre, et si elle peut prendre des commandes",
        { 200: { description: "Liste de mise en place", schema: shopSetupSchema } },
      )),
  },
  getAdminSettings: {
    method: "get",
    path: "/api/admin/settings",
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Réglages (secret PayPal masqué)", { 200: { description: "Réglages" } })),
  },
  putAdminSettingsByKey: {
    method: "put",
    path: "/api/admin/settings/{key}",
    params: settingKeyParam,
    body: settingBody,
    ...(globalThis.API_DOCS_OMITTED ||
      administration(`Enregistrer un réglage (${Object.keys(settingSchemas).join(", ")})`, {
        200: { description: "Réglage enregistré" },
        ...invalid,
        ...notFound,
      })),
  },
} satisfies Contract;
