import * as z from "zod";
import { adjustmentSchema } from "../catalog/adjustment";
import { productInputSchema } from "../catalog/product";
import { STOCK_REASON_LABELS, type StockReason } from "../catalog/stock";
import { eurosToCents } from "../money";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../orders/order-status";
import { normalizePromoCode } from "../promos/promo";
import { maintenanceSettingSchema } from "../settings/settings";

/** Admin product form (spec): blank benefit lines are dropped; the rest is the product's own schema. */
export const adminProductSchema = productInputSchema.extend({
  name: z.string().trim().min(1, "Le nom est obligatoire.").max(120),
  price: z.number({ error: "Le prix est obligatoire." }).nonnegative().max(10_000),
  weight: z.string().trim().min(1, "Le poids est obligatoire.").max(40),
  description: z.string().trim().min(1, "La description courte est obligatoire.").max(500),
  stock: z.number().int("Le stock doit être un nombre entier.").min(0).max(1_000_000),
  low_stock_threshold: z.number().int().min(0).max(1_000_000),
  benefits: z
    .array(z.string().max(200))
    .max(30)
    .transform((lines) => lines.map((line) => line.trim()).filter(Boolean)),
  long_description: z.string().trim().max(5000).default(""),
  category: z.string().trim().max(60).default("Savons"),
  ingredients: z.string().trim().max(2000).default(""),
  usage: z.string().trim().max(2000).default(""),
});
export type AdminProductInput = z.output<typeof adminProductSchema>;

/**
 * A product edit also carries the stock the form showed when it was opened: the stock typed is written only if
 * the stock is still that figure, so units sold meanwhile are never put back on sale (order-lifecycle.md, Stock).
 */
export const adminProductUpdateSchema = adminProductSchema.extend({
  stock_loaded: z
    .number({ error: "Le stock affiché à l'ouverture du formulaire manque : rouvrez le formulaire." })
    .int()
    .min(0),
});
export type AdminProductUpdate = z.output<typeof adminProductUpdateSchema>;

const euros = z.number().nonnegative().max(1_000_000);

/** Admin promo form (spec section 5); amounts in euros or percent, stored in hundredths. */
export const adminPromoSchema = z
  .strictObject({
    code: z
      .string()
      .trim()
      .min(1, "Le code est obligatoire.")
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/, "Lettres, chiffres, - et _ uniquement.")
      .transform(normalizePromoCode),
    description: z.string().trim().max(300).default(""),
    discount_type: z.enum(["percentage", "fixed_amount"]),
    discount_value: euros.refine((v) => v > 0, "La réduction doit être positive."),
    min_order_amount: euros.default(0),
    max_discount_amount: euros.nullable().default(null),
    usage_limit: z.number().int().min(1).nullable().default(null),
    max_uses_per_user: z.number().int().min(1).default(1),
    is_active: z.boolean().default(true),
    starts_at: z.iso.datetime({ offset: true }),
    expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
    /** Absent: a new code combines (as codes always did), an edited one keeps its choice. */
    combines_with_soldes: z.boolean("Cumulable avec les soldes : oui ou non.").optional(),
  })
  .superRefine((promo, ctx) => {
    if (promo.discount_type === "percentage" && promo.discount_value > 100) {
      ctx.addIssue({
        code: "custom",
        path: ["discount_value"],
        message: "Un pourcentage ne dépasse pas 100.",
      });
    }
    if (promo.expires_at && Date.parse(promo.expires_at) <= Date.parse(promo.starts_at)) {
      ctx.addIssue({ code: "custom", path: ["expires_at"], message: "L'expiration doit suivre le début." });
    }
  });
export type AdminPromoInput = z.output<typeof adminPromoSchema>;

/** The stored form of a promo's amounts: hundredths of a percent or cents. */
export function promoAmounts(input: AdminPromoInput) {
  return {
    discount_value: eurosToCents(input.discount_value),
    min_order_cents: eurosToCents(input.min_order_amount),
    max_discount_cents: input.max_discount_amount === null ? null : eurosToCents(input.max_discount_amount),
  };
}

/** The admin's order edit (spec: status, carrier, tracking number, estimated delivery, notes; api.md: payment). */
export const adminOrderUpdateSchema = z.strictObject({
  status: z.enum(ORDER_STATUSES).optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
  shipping_company: z.string().trim().max(60).nullish(),
  tracking_number: z.string().trim().max(60).nullish(),
  estimated_delivery: z.iso.date().or(z.literal("")).nullish(),
  shipping_notes: z.string().trim().max(500).nullish(),
});
export type AdminOrderUpdate = z.output<typeof adminOrderUpdateSchema>;

/** The maintenance form: the server computes `ends_at` from the countdown when it is saved. */
export const maintenanceInputSchema = maintenanceSettingSchema.omit({ ends_at: true });

export { SECRET_MASK } from "../settings/settings-constants";

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(2000).optional(),
});

/** GET /api/admin/orders: a page, filtered by status and payment status, searched by number, name or e-mail. */
export const adminOrdersQuerySchema = pageQuerySchema.extend({
  status: z.enum(ORDER_STATUSES, { error: "Statut de commande inconnu." }).optional(),
  payment_status: z.enum(PAYMENT_STATUSES, { error: "Statut de paiement inconnu." }).optional(),
  q: z.string().trim().max(100, "La recherche compte au plus 100 caractères.").optional(),
});

/** The owner's manual stock adjustment: "+24 reçus du séchoir", "-2 cassés". */
export const stockAdjustmentSchema = adjustmentSchema({
  delta: "Indiquez une quantité entière, positive pour ajouter, négative pour retirer.",
  note: "Indiquez la raison de l'ajustement (par exemple « Reçus du séchoir » ou « 2 cassés »).",
});

export const stockMovementSchema = z.object({
  id: z.string(),
  at: z.string(),
  delta: z.number(),
  reason: z.enum(Object.keys(STOCK_REASON_LABELS) as [StockReason, ...StockReason[]]),
  order_id: z.string().nullable(),
  note: z.string().nullable(),
  stock_after: z.number().nullable(),
});

/** The owner's return of a paid, shipped order (POST /api/admin/orders/{id}/returns). */
export const adminReturnSchema = z.strictObject({
  order_version: z.number({ error: "La version de la commande manque : rouvrez la commande." }).int().min(0),
  lines: z
    .array(
      z.strictObject({
        index: z.number().int().min(0).max(200),
        quantity: z.number().int("Indiquez un nombre entier d'articles.").min(0).max(10_000),
        restock: z.boolean(),
      }),
    )
    .max(200),
  refund_shipping: z.boolean(),
  amount: z.number({ error: "Le montant à rembourser manque." }).nonnegative().max(1_000_000),
});
