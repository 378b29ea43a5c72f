import * as z from "zod";
import { emailSchema } from "../accounts/account";
import { addressInputSchema, COUNTRIES } from "../accounts/address";
import { REDUCTION_KINDS } from "../reductions/words";
import { DELIVERY_MODES } from "../settings/settings-constants";
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from "./order-status";
import { PICKUP_POINT_ID_PATTERN, pickupMessages } from "./pickup-point";

export const ORDER_NOTES_MAX = 500;
export const MAX_ORDER_LINES = 30;
export const MAX_LINE_QUANTITY = 99;

/** Names, images and prices come from the catalogue on the server. */
export const orderLineInputSchema = z.object({
  product_id: z.number().int().positive(),
  quantity: z
    .number()
    .int()
    .min(1)
    .max(MAX_LINE_QUANTITY, `${MAX_LINE_QUANTITY} exemplaires au plus par produit.`),
  product_name: z.string().max(200).optional(),
  product_image: z.string().max(2048).optional(),
  unit_price: z.number().optional(),
  total_price: z.number().optional(),
});

/** Unknown fields are ignored, never stored. */
export const orderBodySchema = z.object({
  items: z.array(orderLineInputSchema).min(1, "Votre panier est vide.").max(MAX_ORDER_LINES),
  order_notes: z
    .string()
    .trim()
    .max(ORDER_NOTES_MAX, `Les notes de commande sont limitées à ${ORDER_NOTES_MAX} caractères.`)
    .nullish()
    .transform((value) => value || null),
  promo_code_id: z.string().max(40).nullish(),
  promo_discount_amount: z.number().nullish(),
  /** When it differs from the server's: 409 PRICE_CHANGED. */
  total_amount: z.number().nonnegative(),
  original_total: z.number().nullish(),
  /** Absent means home, so an older request keeps its idempotency fingerprint. */
  delivery_mode: z.enum(DELIVERY_MODES as ["home", "pickup"]).optional(),
  pickup_point_id: z.string().regex(PICKUP_POINT_ID_PATTERN, pickupMessages.pointRequired).nullish(),
  pickup_phone: z.string().max(40, pickupMessages.mobileRequired).nullish(),
});
export type OrderBody = z.output<typeof orderBodySchema>;

export const orderRequestSchema = orderBodySchema.extend({
  shipping_address_id: z
    .string({ error: "Veuillez sélectionner une adresse de livraison" })
    .min(1, "Veuillez sélectionner une adresse de livraison")
    .max(40),
});
export type OrderRequest = z.output<typeof orderRequestSchema>;

export const guestDetailsSchema = z.strictObject({
  email: emailSchema,
  address: addressInputSchema,
});
export type GuestDetails = z.output<typeof guestDetailsSchema>;

export const guestOrderRequestSchema = orderBodySchema.extend({ guest: guestDetailsSchema });
export type GuestOrderRequest = z.output<typeof guestOrderRequestSchema>;

const bankTransferFields = {
  payment_method: z.literal("bank_transfer", { error: "Ce moyen de paiement n'est pas accepté ici." }),
  transfer_sender_name: z
    .string({ error: "Veuillez indiquer le nom de la personne qui effectuera le virement" })
    .trim()
    .min(1, "Veuillez indiquer le nom de la personne qui effectuera le virement")
    .max(120),
};

export const bankTransferOrderSchema = orderRequestSchema.extend(bankTransferFields);
export type BankTransferOrderRequest = z.output<typeof bankTransferOrderSchema>;

export const guestBankTransferOrderSchema = guestOrderRequestSchema.extend(bankTransferFields);
export type GuestBankTransferOrderRequest = z.output<typeof guestBankTransferOrderSchema>;

export const shippingAddressSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  address_line1: z.string(),
  address_line2: z.string().nullable(),
  city: z.string(),
  postal_code: z.string(),
  country: z.enum(COUNTRIES),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** Documentation only. */
export const pickupPointSchema =
  globalThis.API_DOCS_OMITTED ||
  z.object({
    id: z.string(),
    name: z.string(),
    address_line1: z.string(),
    address_line2: z.string().nullable(),
    postal_code: z.string(),
    city: z.string(),
    country_code: z.string(),
    opening_hours: z.array(z.array(z.string())),
  });
export const orderPickupPointSchema =
  globalThis.API_DOCS_OMITTED ||
  pickupPointSchema.extend({
    phone: z.string(),
  });

/** The IBAN is in the confirmation e-mail. */
export const transferInstructionsSchema = z.object({
  amount: z.number(),
  reference: z.string(),
  /** Exactly as on the account: the customer's bank checks it (Verification of Payee). */
  beneficiary: z.string(),
  bic: z.string(),
  bank_name: z.string(),
});
export type TransferInstructions = z.infer<typeof transferInstructionsSchema>;

/** Documentation only: the serving Lambdas leave it out. */
export const orderSchema =
  globalThis.API_DOCS_OMITTED ||
  z.object({
    id: z.string(),
    order_number: z.string(),
    created_at: z.string(),
    status: z.enum(ORDER_STATUSES),
    total_amount: z.number(),
    original_total: z.number(),
    subtotal_amount: z.number(),
    shipping_amount: z.number(),
    discount_amount: z.number(),
    free_shipping_threshold: z.number(),
    payment_method: z.enum(PAYMENT_METHODS),
    payment_status: z.enum(PAYMENT_STATUSES),
    promo_code: z.object({ code: z.string(), discount_amount: z.number() }).nullable(),
    order_notes: z.string().nullable(),
    transfer_reference: z.string().nullable(),
    paypal_order_id: z.string().nullable(),
    paypal_payer_id: z.string().nullable(),
    paypal_capture_id: z.string().nullable(),
    shipping_company: z.string().nullable(),
    tracking_number: z.string().nullable(),
    estimated_delivery: z.string().nullable(),
    shipping_notes: z.string().nullable(),
    has_shipping_label: z.boolean(),
    tracking_events: z.array(z.object({ code: z.string(), label: z.string(), at: z.string() })),
    shipping_address: shippingAddressSchema,
    delivery_mode: z.enum(DELIVERY_MODES as ["home", "pickup"]),
    pickup_point: orderPickupPointSchema.nullable(),
    invoice_number: z.string().nullable(),
    credit_note_number: z.string().nullable(),
    refunds: z.array(
      z.object({
        id: z.string(),
        at: z.string(),
        lines: z.array(
          z.object({
            index: z.number(),
            product_name: z.string(),
            quantity: z.number(),
            restock: z.boolean(),
          }),
        ),
        amount: z.number(),
        shipping_amount: z.number(),
        method: z.enum(PAYMENT_METHODS),
        status: z.enum(["due", "done"]),
        credit_note_number: z.string(),
        done_at: z.string().nullable(),
      }),
    ),
    refunded_amount: z.number(),
    /** PayPal captured this order after it was released; refunded at once. */
    auto_refund_id: z.string().nullable(),
    /** The admin's forms send it back so a stale form is refused. */
    version: z.number(),
    user: z.object({ full_name: z.string(), email: z.string() }),
    is_guest: z.boolean(),
    items: z.array(
      z.object({
        id: z.string(),
        product_id: z.number(),
        product_name: z.string(),
        product_image: z.string(),
        unit_price: z.number(),
        quantity: z.number(),
        total_price: z.number(),
        lots: z.array(z.object({ lot: z.string(), quantity: z.number() })),
        /** The reduction the unit price was charged under, announced as the pages did (lineReductionView). */
        reduction: z
          .object({
            kind: z.enum(REDUCTION_KINDS),
            /** The lowest price of the 30 days before the reduction, in euros: struck through. */
            reference: z.number(),
            /** Whole percent off the reference, rounded down. */
            percent: z.number().int(),
          })
          .optional(),
      }),
    ),
    status_history: z.array(z.object({ status: z.enum(ORDER_STATUSES), at: z.string() })),
    /** While her transfer is awaited; never the IBAN, which only the confirmation e-mail carries. */
    transfer_instructions: transferInstructionsSchema.nullable().optional(),
  });
export type Order = z.infer<typeof orderSchema>;

export const idempotencyKeySchema = z
  .string()
  .regex(
    /^[\w-]{8,100}$/,
    "En-tête Idempotency-Key invalide (8 à 100 caractères : lettres, chiffres, - ou _).",
  );
