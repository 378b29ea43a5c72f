/**
 * The owner's panel: the orders as the owner handles them: status, returns and refunds, a guest's new link. Served behind the admin guard by functions/admin/routes.ts, documented from
 * functions/main/contracts.ts. Schemas and words only, never services: the docs function loads it without the code
 * that serves it.
 */
import * as z from "zod";
import {
  adminOrdersQuerySchema,
  adminOrderUpdateSchema,
  adminReturnSchema,
} from "../../src/domain/admin/admin";
import { orderSchema } from "../../src/domain/orders/order";
import { administration, invalid, notFound, page } from "../platform/admin-contract";
import { type Contract, errorResponse } from "../platform/contract";
import { idParam } from "../platform/params";

const refundParam = idParam.extend({ refundId: z.string().min(1).max(60) });

export const adminOrdersContract = {
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
        "Commande sans compte : révoque tous ses liens de suivi et en envoie un nouveau à l'e-mail de la commande",
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
} satisfies Contract;
