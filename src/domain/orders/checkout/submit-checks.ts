/**
 * The submit checks of spec 5 in their order, and when PayPal's buttons are usable, without zod (the islands import
 * this file). The server checks everything again.
 */
import { checkoutMessages } from "./messages";
import type { PaymentChoice } from "./payment";

export interface CheckoutInput {
  signedIn: boolean;
  addressId: string | null;
  /**
   * Ordering without an account: instead of the session and the address book's choice, what the guest's
   * details lack (guestMessages.detailsInvalid, null when nothing does). Absent for a customer.
   */
  guest?: { problem: string | null };
  /**
   * What delivery to a pick-up point still lacks (pickupMessages.pointRequired, then mobileRequired, as
   * deliveryProblem in flow/selectors.ts finds it); null or absent for home delivery. That rule and its words stay
   * there, out of this file and the modules beside it, some of which the cart page loads too.
   */
  deliveryProblem?: string | null;
  paymentMethod: PaymentChoice;
  senderName: string;
  termsAccepted: boolean;
}

/**
 * The submit checks of spec 5, in the spec's order, with delivery to a pick-up point's right after the address;
 * null when the order may be sent.
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
 * point, with nothing lacking either (the point chosen, a mobile given). A guest has no address to
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
