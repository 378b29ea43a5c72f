/**
 * What the cart and checkout screens compute and check, without zod (the islands import this file):
 * totals in cents with pricing.ts exactly as the server prices an order, the applied promo as stored in the
 * browser, the submit checks of spec 5 in their order, and the body of the order requests.
 * The server prices and checks everything again; checkout.test.ts keeps the copies below in step with it.
 */
import { type AddressFormValues, addressPayload, emptyAddressForm } from "../accounts/address-forms";
import { normalizePhone } from "../accounts/phone";
import type { Cart } from "../cart/cart";
import { type Cents, centsToEuros, eurosToCents } from "../money";
import type { DeliveryMode } from "../shipping/pickup-point";
import { type DiscountTerms, discountFor, priceOrder, type Totals } from "./pricing";

/** Same limit as order.ts (spec 5: order notes, max 500 characters). */
export const ORDER_NOTES_LIMIT = 500;

/** What GET /api/settings/shipping answers, in euros; the spec's defaults until it answered (section 9). */
export interface ShippingSettings {
  standard_cost: number;
  free_shipping_threshold: number;
}
export const defaultShippingSettings: ShippingSettings = { standard_cost: 7.8, free_shipping_threshold: 100 };

/**
 * Delivery to a pick-up point as GET /api/settings/checkout offers it (issue 31), in euros: its own price and
 * free-shipping threshold; null while it is not offered (the « Colissimo » card is incomplete).
 */
export interface PickupPricing {
  cost: number;
  free_shipping_threshold: number;
}

/**
 * The shipping figures the totals are priced with: home delivery's (GET /api/settings/shipping), or a pick-up point's
 * when that mode is chosen and offered. The cart page always shows home delivery's.
 */
export function deliveryShipping(
  home: ShippingSettings,
  pickup: PickupPricing | null,
  mode: DeliveryMode,
): ShippingSettings {
  return mode === "pickup" && pickup
    ? { standard_cost: pickup.cost, free_shipping_threshold: pickup.free_shipping_threshold }
    : home;
}

/** The bank details the transfer screen shows; the spec's defaults where the settings are missing. */
export interface BankDetails {
  bic: string;
  beneficiary: string;
  bank_name: string;
}
/**
 * The bank details the success screen shows: the checkout settings' (the server sends them only while bank transfer is
 * set up, never a placeholder: decision record 020), or null when they are not known here; the confirmation e-mail
 * carries them in any case.
 */
export function knownBankDetails(details: Partial<BankDetails> | null | undefined): BankDetails | null {
  const bic = details?.bic?.trim();
  const beneficiary = details?.beneficiary?.trim();
  const bankName = details?.bank_name?.trim();
  return bic && beneficiary && bankName ? { bic, beneficiary, bank_name: bankName } : null;
}

/** Carrier shown at checkout when the company settings are unknown (spec 9). */
export const DEFAULT_CARRIER = "Colissimo";

/**
 * The applied promo of spec 3 as POST /api/promo/validate answers it (discount_value: percent or euros,
 * discount_amount: euros), plus the subtotal in euros it was validated for.
 */
export interface AppliedPromo {
  id: string;
  code: string;
  discount_type: "percentage" | "fixed_amount";
  discount_value: number;
  discount_amount: number;
  /** Subtotal (euros) the server computed discount_amount for. */
  subtotal_amount?: number;
}

const isFiniteNonNegative = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0;

/** Reads a stored promo (any JSON value); anything malformed is no promo. */
export function parseStoredPromo(value: unknown): AppliedPromo | null {
  if (typeof value !== "object" || value === null) return null;
  const promo = value as Record<string, unknown>;
  if (
    typeof promo.id !== "string" ||
    !promo.id ||
    typeof promo.code !== "string" ||
    !promo.code ||
    (promo.discount_type !== "percentage" && promo.discount_type !== "fixed_amount") ||
    !isFiniteNonNegative(promo.discount_value) ||
    !isFiniteNonNegative(promo.discount_amount)
  ) {
    return null;
  }
  return {
    id: promo.id,
    code: promo.code,
    discount_type: promo.discount_type,
    discount_value: promo.discount_value,
    discount_amount: promo.discount_amount,
    ...(isFiniteNonNegative(promo.subtotal_amount) && { subtotal_amount: promo.subtotal_amount }),
  };
}

/**
 * The promo's terms for pricing.ts. The browser does not know a percentage's cap (max_discount_amount); when
 * the server's discount for the validated subtotal is below the plain percentage, that discount is the cap.
 */
export function promoTerms(promo: AppliedPromo): DiscountTerms {
  if (promo.discount_type === "fixed_amount") {
    return { type: "fixed_amount", amount: eurosToCents(promo.discount_value) };
  }
  const basisPoints = eurosToCents(promo.discount_value);
  const served = eurosToCents(promo.discount_amount);
  let maxDiscount: Cents | null = null;
  if (promo.subtotal_amount !== undefined) {
    const uncapped = discountFor(eurosToCents(promo.subtotal_amount), {
      type: "percentage",
      basisPoints,
      maxDiscount: null,
    });
    if (served < uncapped) maxDiscount = served;
  }
  return { type: "percentage", basisPoints, maxDiscount };
}

export function shippingRule(settings: ShippingSettings) {
  return {
    standardCost: eurosToCents(settings.standard_cost),
    freeThreshold: eurosToCents(settings.free_shipping_threshold),
  };
}

/** Unit price of a cart line in cents (the cart keeps it as euro text, "12.90"). */
export function unitPriceCents(price: string): Cents {
  const euros = Number(price);
  return Number.isFinite(euros) ? eurosToCents(euros) : 0;
}

/** Subtotal, shipping, discount and total of the cart, in cents, as the server will price the order. */
export function cartTotals(cart: Cart, shipping: ShippingSettings, promo: AppliedPromo | null): Totals {
  const lines = cart.map((item) => ({ unitPriceCents: unitPriceCents(item.price), quantity: item.quantity }));
  return priceOrder(lines, shippingRule(shipping), promo ? promoTerms(promo) : null);
}

/** What is missing for free shipping (0 when shipping is already free). */
export function freeShippingRemaining(subtotal: Cents, shipping: ShippingSettings): Cents {
  return Math.max(0, eurosToCents(shipping.free_shipping_threshold) - subtotal);
}

/** Whether the promo's discount must be asked again: it was validated for another subtotal. */
export function promoNeedsRevalidation(promo: AppliedPromo, subtotal: Cents): boolean {
  return promo.subtotal_amount === undefined || eurosToCents(promo.subtotal_amount) !== subtotal;
}

/** Messages of spec 5 and 8 for the checkout, verbatim. */
export const checkoutMessages = {
  signInRequired: "Veuillez vous connecter pour continuer",
  addressRequired: "Veuillez sélectionner une adresse de livraison",
  senderNameRequired: "Veuillez indiquer le nom de la personne qui effectuera le virement",
  termsRequired: "Veuillez accepter les conditions générales de vente pour continuer",
  paymentFailed: "Une erreur est survenue lors du paiement",
  paypalFailed: "Une erreur est survenue lors du paiement PayPal",
  paypalNotConfigured: "PayPal n'est pas configuré.",
  promoEmpty: "Veuillez saisir un code promo",
  promoInvalid: "Code promo invalide",
  promoCheckFailed: "Erreur lors de la vérification du code",
  promoNetwork: "Erreur de connexion",
} as const;

/**
 * What the buyer reads when PayPal's own script fails (its buttons' onError, a render that fails): PayPal's messages
 * there are English and technical, so they go to the console only (issue 28, item 3); the buyer gets the spec's
 * message and what to do next.
 */
export const PAYPAL_SCRIPT_FAILED = `${checkoutMessages.paypalFailed} : réessayez, ou choisissez le paiement par virement.`;

export type PaymentChoice = "paypal" | "bank_transfer";

/** Which methods the shop offers now (GET /api/settings/checkout); unknown while loading: both shown. */
export type OfferedMethods = Readonly<Record<PaymentChoice, boolean>>;

/**
 * The method to select: the shopper's choice while it is offered, else the other one when it is (spec: PayPal first),
 * else the choice as it is (nothing is offered: the screen says the shop takes no order yet).
 */
export function offeredMethod(current: PaymentChoice, offered: OfferedMethods): PaymentChoice {
  if (offered[current]) return current;
  const other: PaymentChoice = current === "paypal" ? "bank_transfer" : "paypal";
  return offered[other] ? other : current;
}

/** How the parcel goes: home, or a pick-up point (its id from the search, null until one is chosen) and the mobile typed. */
export type DeliveryChoice = { mode: "home" } | { mode: "pickup"; pointId: string | null; phone: string };

export interface CheckoutInput {
  signedIn: boolean;
  addressId: string | null;
  /**
   * Ordering without an account (issue 32): instead of the session and the address book's choice, what the guest's
   * details lack (guestMessages.detailsInvalid, null when nothing does). Absent for a customer.
   */
  guest?: { problem: string | null };
  /**
   * What delivery to a pick-up point still lacks (issue 31: pickupMessages.pointRequired, then mobileRequired, as
   * deliveryProblem in checkout-flow.ts finds it); null or absent for home delivery. That rule and its words stay out
   * of this file, which the cart page loads too.
   */
  deliveryProblem?: string | null;
  paymentMethod: PaymentChoice;
  senderName: string;
  termsAccepted: boolean;
}

/**
 * The submit checks of spec 5, in the spec's order, with delivery to a pick-up point's right after the address
 * (issue 31); null when the order may be sent.
 */
export function checkoutError(input: CheckoutInput): string | null {
  if (input.guest) {
    if (input.guest.problem) return input.guest.problem;
  } else {
    if (!input.signedIn) return checkoutMessages.signInRequired;
    if (!input.addressId) return checkoutMessages.addressRequired;
  }
  if (input.deliveryProblem) return input.deliveryProblem;
  if (input.paymentMethod === "bank_transfer" && !input.senderName.trim()) {
    return checkoutMessages.senderNameRequired;
  }
  if (!input.termsAccepted) return checkoutMessages.termsRequired;
  return null;
}

/**
 * The PayPal buttons are usable only with an address and the terms accepted (spec 5), once loaded; for a pick-up
 * point, with nothing lacking either (issue 31: the point chosen, a mobile given). A guest (issue 32) has no address to
 * choose: her details are checked when she clicks (their fields then say what they lack).
 */
export function paypalButtonsEnabled(input: {
  loading: boolean;
  addressId: string | null;
  termsAccepted: boolean;
  deliveryProblem?: string | null;
  guest?: boolean;
}) {
  return (
    !input.loading &&
    (input.guest === true || Boolean(input.addressId)) &&
    input.termsAccepted &&
    !input.deliveryProblem
  );
}

export interface OrderRequestInput {
  cart: Cart;
  addressId: string;
  notes: string;
  promo: AppliedPromo | null;
  totals: Totals;
  /** Home delivery when absent. */
  delivery?: DeliveryChoice;
}

/** The delivery's fields of an order request (issue 31): the mode, and for a pick-up point its id and the mobile. */
function deliveryFields(delivery: DeliveryChoice = { mode: "home" }) {
  return delivery.mode === "pickup"
    ? {
        delivery_mode: "pickup" as const,
        pickup_point_id: delivery.pointId,
        pickup_phone: delivery.phone.trim(),
      }
    : { delivery_mode: "home" as const };
}

/**
 * Body of POST /api/paypal-payment/create-order (spec "Order creation payload"); the server reads only the
 * product ids and quantities of the lines, the address, the notes, the promo, the delivery (issue 31: the point is
 * the server's copy of what its search found, named by its id) and the total the customer saw.
 */
export function orderRequestBody({ addressId, ...input }: OrderRequestInput) {
  const { items, ...rest } = orderBody(input);
  return { items, shipping_address_id: addressId, ...rest };
}

/** What every order request carries, whoever orders: the lines, the notes, the promo, the total seen, the delivery. */
function orderBody({ cart, notes, promo, totals, delivery }: Omit<OrderRequestInput, "addressId">) {
  return {
    items: cart.map((item) => {
      const unit = unitPriceCents(item.price);
      return {
        product_id: item.id,
        product_name: item.name,
        product_image: item.image,
        quantity: item.quantity,
        unit_price: centsToEuros(unit),
        total_price: centsToEuros(unit * item.quantity),
      };
    }),
    order_notes: notes.trim() || null,
    promo_code_id: promo?.id ?? null,
    promo_discount_amount: promo ? centsToEuros(totals.discount) : null,
    total_amount: centsToEuros(totals.total),
    ...deliveryFields(delivery),
  };
}

/** Body of POST /api/orders: a bank transfer, payment pending, with the name on the transfer. */
export function bankTransferOrderBody(input: OrderRequestInput & { senderName: string }) {
  return { ...orderRequestBody(input), ...transferFields(input) };
}

/** What a bank transfer adds to an order request, a customer's or a guest's. */
function transferFields(input: { totals: Totals; senderName: string }) {
  return {
    original_total: centsToEuros(input.totals.subtotal + input.totals.shipping),
    payment_method: "bank_transfer" as const,
    payment_status: "pending" as const,
    transfer_sender_name: input.senderName.trim(),
  };
}

/** A guest's order request (issue 32): the customer's body without the address book's id, with her details. */
export type GuestOrderRequestInput = Omit<OrderRequestInput, "addressId"> & { guest: GuestForm };

/** Body of POST /api/guest/paypal-payment/create-order. */
export function guestOrderRequestBody({ guest, ...input }: GuestOrderRequestInput) {
  return { ...orderBody(input), guest: guestDetailsBody(guest) };
}

/** Body of POST /api/guest/orders: a guest's bank transfer. */
export function guestBankTransferOrderBody(input: GuestOrderRequestInput & { senderName: string }) {
  return { ...guestOrderRequestBody(input), ...transferFields(input) };
}

/** The server's totals of a 409 PRICE_CHANGED (euros), back in cents; null when the body lacks them. */
export function totalsFromPriceChange(details: Readonly<Record<string, unknown>>): Totals | null {
  const totals = details.totals;
  if (typeof totals !== "object" || totals === null) return null;
  const t = totals as Record<string, unknown>;
  const fields = ["subtotal_amount", "shipping_amount", "discount_amount", "total_amount"] as const;
  if (!fields.every((field) => isFiniteNonNegative(t[field]))) return null;
  return {
    subtotal: eurosToCents(t.subtotal_amount as number),
    shipping: eurosToCents(t.shipping_amount as number),
    discount: eurosToCents(t.discount_amount as number),
    total: eurosToCents(t.total_amount as number),
  };
}

/**
 * Ordering without an account (issue 32, decision record 049): a guest gives her e-mail and the delivery address
 * instead of a session and an address of her book. What she typed, the phone as the field shows it.
 */
export interface GuestForm {
  email: string;
  address: AddressFormValues;
}

export const emptyGuestForm: GuestForm = { email: "", address: emptyAddressForm };

/** The fields of a guest's details, as the API names them in its validation errors (`guest.email`, `guest.address.city`). */
export type GuestFieldPath = "guest.email" | `guest.address.${GuestAddressField}`;
export type GuestAddressField = Exclude<keyof AddressFormValues, "country">;

/** The guest's fields in the form's order: the first invalid one takes the focus. */
export const GUEST_FIELD_PATHS: readonly GuestFieldPath[] = [
  "guest.email",
  "guest.address.first_name",
  "guest.address.last_name",
  "guest.address.phone",
  "guest.address.address_line1",
  "guest.address.address_line2",
  "guest.address.postal_code",
  "guest.address.city",
];

export function isGuestFieldPath(path: string): path is GuestFieldPath {
  return (GUEST_FIELD_PATHS as readonly string[]).includes(path);
}

/**
 * The guest's details messages: the address book's (address.ts addressInputSchema) and the e-mail's (account.ts
 * emailSchema), word for word, so the browser says what the server would (checkout.test.ts keeps them in step).
 */
export const guestMessages = {
  detailsInvalid: "Veuillez compléter ou corriger vos coordonnées.",
  emailRequired: "L'adresse e-mail est obligatoire.",
  emailInvalid: "Adresse e-mail invalide.",
  firstNameRequired: "Le prénom est obligatoire.",
  firstNameTooLong: "Le prénom est trop long.",
  lastNameRequired: "Le nom est obligatoire.",
  lastNameTooLong: "Le nom est trop long.",
  phoneRequired: "Le téléphone est obligatoire.",
  phoneInvalid: "Numéro de téléphone invalide (10 chiffres).",
  line1Required: "L'adresse est obligatoire.",
  line1TooLong: "L'adresse est trop long.",
  cityRequired: "La ville est obligatoire.",
  cityTooLong: "La ville est trop long.",
  postalCodeRequired: "Le code postal est obligatoire.",
  postalCodeInvalid: "Code postal invalide pour ce pays.",
} as const;

/** An e-mail as the browser's own check of type=email reads one: something@domain, no space. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** Checkout delivers to France only (address.ts CHECKOUT_COUNTRIES): five digits. */
const FRENCH_POSTAL_CODE = /^\d{5}$/;

function textProblem(value: string, max: number, required: string, tooLong: string): string | null {
  const text = value.trim();
  if (!text) return required;
  return text.length > max ? tooLong : null;
}

/**
 * What the guest's details lack, field by field, keyed as the API keys its errors (empty: nothing). The server checks
 * them again with the address book's schema.
 */
export function guestFieldErrors(form: GuestForm): Partial<Record<GuestFieldPath, string>> {
  const m = guestMessages;
  const { address } = form;
  const email = form.email.trim();
  const postalCode = address.postal_code.trim();
  const problems: Record<GuestFieldPath, string | null> = {
    "guest.email": !email
      ? m.emailRequired
      : email.length > 254 || !EMAIL_PATTERN.test(email)
        ? m.emailInvalid
        : null,
    "guest.address.first_name": textProblem(address.first_name, 80, m.firstNameRequired, m.firstNameTooLong),
    "guest.address.last_name": textProblem(address.last_name, 80, m.lastNameRequired, m.lastNameTooLong),
    "guest.address.phone": !address.phone.trim()
      ? m.phoneRequired
      : normalizePhone(address.phone)
        ? null
        : m.phoneInvalid,
    "guest.address.address_line1": textProblem(address.address_line1, 200, m.line1Required, m.line1TooLong),
    "guest.address.address_line2": null,
    "guest.address.postal_code": !postalCode
      ? m.postalCodeRequired
      : FRENCH_POSTAL_CODE.test(postalCode)
        ? null
        : m.postalCodeInvalid,
    "guest.address.city": textProblem(address.city, 100, m.cityRequired, m.cityTooLong),
  };
  const errors: Partial<Record<GuestFieldPath, string>> = {};
  for (const path of GUEST_FIELD_PATHS) {
    const problem = problems[path];
    if (problem) errors[path] = problem;
  }
  return errors;
}

/** The `guest` part of a guest's order requests: her e-mail and the address, trimmed, delivered in France. */
export function guestDetailsBody(form: GuestForm) {
  return {
    email: form.email.trim(),
    address: { ...addressPayload(form.address), country: "France" as const },
  };
}
