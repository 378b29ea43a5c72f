/**
 * The contract of functions/admin/routes.ts: each operation declared once, bound to its handler there
 * (functions/platform/route.ts) and documented from here (functions/platform/contracts.ts). Schemas and words only, never
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
import { adminOnly, type Contract, errorResponseSchema, type Operation } from "../platform/contract";
import { idParam } from "../platform/params";
import { refundParam, settingBody, settingKeyParam } from "./schemas";

const guarded = adminOnly;

const invalid = { 400: { description: "Champs invalides", schema: errorResponseSchema } };

const notFound = { 404: { description: "Introuvable", schema: errorResponseSchema } };

/** What an operation validates: its path parameters, query and body, typed for its handler (route.ts). */
type Inputs = Pick<Operation, "params" | "query" | "body">;

const doc = <const E extends Inputs = Record<never, never>>(
  method: Operation["method"],
  path: string,
  summary: string,
  ok: Operation["responses"][number],
  extra: E = {} as E,
  status = 200,
): Operation & E => {
  const responses: Operation["responses"] = { [status]: ok, ...guarded };
  if (extra.body || extra.params || extra.query) Object.assign(responses, invalid);
  if (extra.params) Object.assign(responses, notFound);
  return { method, path: `/api/admin${path}`, tag: "Administration", summary, ...extra, responses };
};

const incomplete =
  "PRODUCT_INCOMPLETE : un produit en vente doit avoir ses informations obligatoires (missing_fields les nomme)";

const withResponses = <O extends Operation>(route: O, responses: Operation["responses"]): O => ({
  ...route,
  responses: { ...route.responses, ...responses },
});

const promoSchema = z.object({ id: z.string(), code: z.string(), usage_count: z.number() }).loose();

const page = (name: string, item: z.ZodType) =>
  z.object({ [name]: z.array(item), next_cursor: z.string().nullable() });

const publishStatusSchema = z.object({
  state: z.enum(["up_to_date", "pending", "publishing", "failed"]),
  label: z.string(),
  error: z.string().nullable(),
  requested_at: z.string().nullable(),
  published_at: z.string().nullable(),
});

/** A customer as the owner sees them: the session's view of the account (toSessionUser). */
const userDetailsSchema = sessionUserSchema.extend({
  addresses: z.array(addressSchema),
  mail_suppression: z
    .object({ reason: z.enum(["bounce", "complaint"]), at: z.string() })
    .nullable()
    .describe("SES a refusé l'adresse (rebond permanent ou plainte) : la boutique ne lui écrit plus"),
});

/** The dashboard's figures (adminStats): counts, and amounts in euros. */
const statsSchema = z.object({
  totalUsers: z.number().int(),
  totalProducts: z.number().int(),
  totalOrders: z.number().int(),
  totalRevenue: z.number().describe("Euros"),
  ordersThisMonth: z.number().int(),
  averageOrderValue: z.number().describe("Euros"),
  pendingOrders: z.number().int(),
  completedOrders: z.number().int(),
});

const shopSetupSchema = z.object({
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
    tag: "Administration",
    summary: "L'appelant est-il administrateur ? (répond à tous, false si anonyme)",
    responses: { 200: { description: "Réponse", schema: z.object({ isAdmin: z.boolean() }) } },
  },
  getAdminStats: doc("get", "/stats", "Statistiques du tableau de bord", {
    description: "Chiffres",
    schema: statsSchema,
  }),
  getAdminUsers: doc(
    "get",
    "/users",
    "Clients, du plus récent au plus ancien",
    { description: "Page", schema: page("users", sessionUserSchema) },
    { query: pageQuerySchema },
  ),
  getAdminUsersById: doc(
    "get",
    "/users/{id}",
    "Profil et adresses d'un client",
    { description: "Client", schema: userDetailsSchema },
    { params: idParam },
  ),
  deleteAdminUsersByIdMailSuppression: doc(
    "delete",
    "/users/{id}/mail-suppression",
    "Réautoriser les e-mails vers l'adresse d'un client, refusée par SES (rebond permanent ou plainte)",
    { description: "Levé (ou rien à lever)" },
    { params: idParam },
    204,
  ),
  getAdminUsersByIdSummary: doc(
    "get",
    "/users/{id}/summary",
    "Identité d'un client (historique des codes promo)",
    { description: "Client", schema: userDetailsSchema },
    { params: idParam },
  ),
  getAdminProducts: doc("get", "/products", "Tous les produits, actifs ou non", {
    description: "Produits",
    schema: z.array(productSchema),
  }),
  postAdminProducts: withResponses(
    doc(
      "post",
      "/products",
      "Créer un produit",
      { description: "Produit créé", schema: productSchema },
      { body: adminProductSchema },
      201,
    ),
    { 409: { description: incomplete, schema: errorResponseSchema } },
  ),
  putAdminProductsById: withResponses(
    doc(
      "put",
      "/products/{id}",
      "Modifier un produit (stock_loaded : le stock affiché à l'ouverture du formulaire ; un nouveau stock n'est écrit que s'il n'a pas changé depuis)",
      { description: "Produit", schema: productSchema },
      { params: productIdParamSchema, body: adminProductUpdateSchema },
    ),
    {
      409: {
        description: `STOCK_CHANGED : le stock a changé depuis l'ouverture du formulaire ; stock donne le stock actuel. ${incomplete}`,
        schema: errorResponseSchema,
      },
    },
  ),
  deleteAdminProductsById: doc(
    "delete",
    "/products/{id}",
    "Supprimer un produit",
    { description: "Supprimé" },
    { params: productIdParamSchema },
    204,
  ),
  getAdminOrders: doc(
    "get",
    "/orders",
    "Commandes, de la plus récente à la plus ancienne ; filtrées par statut et statut de paiement, cherchées par numéro, référence de virement, nom ou e-mail (q)",
    {
      description: "Page (au plus `limit` commandes ; un curseur tant qu'il en reste)",
      schema: page("orders", orderSchema),
    },
    { query: adminOrdersQuerySchema },
  ),
  putAdminOrdersById: withResponses(
    doc(
      "put",
      "/orders/{id}",
      "Statut, paiement et expédition d'une commande, selon le cycle de vie des commandes (paiement reçu : facture ; annulation : stock et code promo rendus une fois, avoir si la commande était payée ; remboursement d'une commande annulée)",
      { description: "Commande", schema: orderSchema },
      { params: idParam, body: adminOrderUpdateSchema },
    ),
    {
      409: {
        description:
          "ORDER_TRANSITION : changement refusé par le cycle de vie (commande annulée, livrée, non payée...), rien n'est modifié ; la raison est dans error",
        schema: errorResponseSchema,
      },
      502: {
        description:
          "PAYPAL_ERROR : PayPal a refusé le remboursement d'une commande PayPal annulée ; elle reste « Remboursement à effectuer »",
        schema: errorResponseSchema,
      },
      503: {
        description:
          "PAYPAL_UNAVAILABLE : PayPal injoignable pour le remboursement d'une commande PayPal annulée (Retry-After), elle reste « Remboursement à effectuer » ; UNAVAILABLE : base de données momentanément indisponible",
        schema: errorResponseSchema,
      },
    },
  ),
  postAdminOrdersByIdReturns: withResponses(
    doc(
      "post",
      "/orders/{id}/returns",
      "Enregistrer le retour de produits d'une commande expédiée ou livrée et le rembourser : ligne par ligne, remise en stock au choix, PayPal remboursé par son API, virement noté « remboursement à effectuer » ; un avoir par remboursement",
      { description: "Commande", schema: orderSchema },
      { params: idParam, body: adminReturnSchema },
      201,
    ),
    {
      409: {
        description:
          "CONFLICT (formulaire périmé : order_version), RETURN_INVALID, REFUND_AMOUNT_CHANGED (amount donne le bon montant), ORDER_TRANSITION ; rien n'est remboursé",
        schema: errorResponseSchema,
      },
      502: {
        description:
          "PAYPAL_ERROR : PayPal a refusé le remboursement ou a eu une erreur, rien n'est enregistré",
        schema: errorResponseSchema,
      },
      503: {
        description:
          "PAYPAL_UNAVAILABLE : PayPal injoignable ou identifiants de la boutique refusés (Retry-After), rien n'est enregistré",
        schema: errorResponseSchema,
      },
    },
  ),
  postAdminOrdersByIdRefundsByRefundIdDone: doc(
    "post",
    "/orders/{id}/refunds/{refundId}/done",
    "Marquer effectué le virement d'un remboursement à effectuer",
    { description: "Commande", schema: orderSchema },
    { params: refundParam },
  ),
  getAdminPromo: doc("get", "/promo", "Codes promo", { description: "Codes", schema: z.array(promoSchema) }),
  postAdminPromo: withResponses(
    doc(
      "post",
      "/promo",
      "Créer un code promo (code unique, en majuscules)",
      { description: "Code créé", schema: promoSchema },
      { body: adminPromoSchema },
      201,
    ),
    { 409: { description: "Ce code promo existe déjà", schema: errorResponseSchema } },
  ),
  putAdminPromoById: withResponses(
    doc(
      "put",
      "/promo/{id}",
      "Modifier un code promo",
      { description: "Code", schema: promoSchema },
      { params: idParam, body: adminPromoSchema },
    ),
    {
      409: {
        description: "Ce code promo existe déjà, ou il est archivé : il ne peut plus être modifié",
        schema: errorResponseSchema,
      },
    },
  ),
  deleteAdminPromoById: withResponses(
    doc(
      "delete",
      "/promo/{id}",
      "Supprimer un code promo jamais utilisé (204) ; un code déjà utilisé est archivé (200) : inactif, son historique reste",
      { description: "Supprimé" },
      { params: idParam },
      204,
    ),
    {
      200: {
        description: "Archivé au lieu d'être supprimé (le code a déjà servi)",
        schema: z.object({ archived: z.literal(true), message: z.string() }),
      },
    },
  ),
  getAdminPromoByIdUsage: doc(
    "get",
    "/promo/{id}/usage",
    "Historique d'utilisation d'un code",
    { description: "Utilisations" },
    { params: idParam },
  ),
  getAdminPublishing: doc(
    "get",
    "/publishing",
    "État de la publication du site (Site à jour, Publication en cours…, Échec…)",
    {
      description: "État",
      schema: publishStatusSchema,
    },
  ),
  postAdminPublishingRetry: doc(
    "post",
    "/publishing/retry",
    "Relancer la publication du site (après un échec)",
    { description: "Publication demandée", schema: publishStatusSchema },
    {},
    202,
  ),
  getAdminSetup: doc(
    "get",
    "/setup",
    "Mise en place : ce que la boutique doit renseigner avant de vendre, et si elle peut prendre des commandes",
    { description: "Liste de mise en place", schema: shopSetupSchema },
  ),
  getAdminSettings: doc("get", "/settings", "Réglages (secret PayPal masqué)", { description: "Réglages" }),
  putAdminSettingsByKey: doc(
    "put",
    "/settings/{key}",
    `Enregistrer un réglage (${Object.keys(settingSchemas).join(", ")})`,
    { description: "Réglage enregistré" },
    { params: settingKeyParam, body: settingBody },
  ),
} satisfies Contract;
