/** Spec 5's submit checks in order, without zod (the islands import it); the server checks everything again. */
import { checkoutMessages } from "./messages";
import type { PaymentChoice } from "./payment";

export interface CheckoutInput {
  signedIn: boolean;
  addressId: string | null;
  /** A guest's details problem instead of the session and address checks; absent for a customer. */
  guest?: { problem: string | null };
  /** Found by flow/selectors.ts deliveryProblem: that rule stays out of files the cart page loads. */
  deliveryProblem?: string | null;
  paymentMethod: PaymentChoice;
  senderName: string;
  termsAccepted: boolean;
}

/** The pick-up point's check comes right after the address; null when the order may be sent. */
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

/** A guest's details are checked when she clicks, their fields then say what they lack. */
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
