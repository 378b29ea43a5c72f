/**
 * The withdrawal function's request and answer bodies (zod, with French messages): the API validates with them and
 * documents them; the islands import only their types, so no zod reaches the browser. Rules: ./withdrawal.ts.
 */
import * as z from "zod";
import { normalizeEmail } from "../accounts/account";

const lineSchema = z.object({
  index: z.int("Ligne invalide.").min(0, "Ligne invalide.").max(99, "Ligne invalide."),
  quantity: z.int("Quantité invalide.").min(0, "Quantité invalide.").max(999, "Quantité invalide."),
});

const guestFields = {
  order_number: z
    .string("Indiquez le numéro de commande.")
    .trim()
    .regex(/^[0-9A-Za-z]{8}$/, "Le numéro de commande compte 8 caractères (lettres et chiffres).")
    .transform((value) => value.toUpperCase()),
  email: z
    .string("Indiquez l'adresse e-mail de la commande.")
    .trim()
    .max(254, "Adresse e-mail trop longue.")
    .pipe(z.email("Adresse e-mail invalide."))
    .transform(normalizeEmail),
};

export const withdrawalLookupSchema = z.object(guestFields);
export type WithdrawalLookup = z.output<typeof withdrawalLookupSchema>;

const confirmFields = {
  lines: z.array(lineSchema, "Choisissez les produits.").min(1, "Choisissez au moins un produit.").max(30),
  /** The order's version when the form was opened: a stale form is refused. */
  order_version: z.int("Version de commande invalide.").min(0, "Version de commande invalide."),
  /** A random key the form draws once: a second click or a retry of the same confirmation records nothing new. */
  form_key: z
    .string("Formulaire invalide : rechargez la page.")
    .regex(/^[A-Za-z0-9_-]{16,64}$/, "Formulaire invalide : rechargez la page."),
};

export const withdrawalConfirmSchema = z.object(confirmFields);
export type WithdrawalConfirm = z.output<typeof withdrawalConfirmSchema>;

export const guestWithdrawalConfirmSchema = z.object({ ...guestFields, ...confirmFields });
export type GuestWithdrawalConfirm = z.output<typeof guestWithdrawalConfirmSchema>;

export const withdrawalViewSchema =
  globalThis.API_DOCS_OMITTED ||
  z.object({
    order_id: z.string(),
    order_number: z.string(),
    created_at: z.string(),
    status: z.string(),
    payment_method: z.string(),
    total_amount: z.number(),
    order_version: z.number(),
    window: z.object({
      phase: z.enum(["before_shipping", "in_transit", "open", "closed"]),
      deadline: z.string().nullable(),
      delivered_at: z.string().nullable(),
      reason: z.string().nullable(),
    }),
    lines: z.array(
      z.object({
        index: z.number(),
        product_name: z.string(),
        bought: z.number(),
        taken: z.number(),
        available: z.number(),
      }),
    ),
    withdrawals: z.array(
      z.object({
        id: z.string(),
        requested_at: z.string(),
        lines: z.array(lineSchema.extend({ product_name: z.string() })),
      }),
    ),
  });
export type WithdrawalView = z.infer<typeof withdrawalViewSchema>;

export const withdrawalRecordSchema =
  globalThis.API_DOCS_OMITTED ||
  z.object({
    id: z.string(),
    order_id: z.string(),
    order_number: z.string(),
    requested_at: z.string(),
    scope: z.enum(["whole", "lines"]),
    effect: z.enum(["cancelled", "return_expected"]),
    channel: z.enum(["account", "guest"]),
    lines: z.array(lineSchema.extend({ product_name: z.string() })),
  });
export type WithdrawalRecord = z.infer<typeof withdrawalRecordSchema>;

export const adminWithdrawalSchema =
  globalThis.API_DOCS_OMITTED ||
  withdrawalRecordSchema.extend({
    customer_email: z.string(),
    customer_name: z.string(),
    order_status: z.string(),
    payment_method: z.string(),
    /** Null when there is nothing to refund (an unpaid order): no deadline then (withdrawalRefundDeadline). */
    refund_deadline: z.string().nullable(),
    refund_state: z.enum(["nothing_to_refund", "refunded", "refund_due", "awaiting"]),
    overdue: z.boolean(),
  });
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
