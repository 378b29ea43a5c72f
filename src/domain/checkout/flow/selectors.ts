/** What the island and the reducer read off the checkout's state; zod-free, the island imports it. */
import type { Address } from "../../accounts/address";
import { phoneToInput } from "../../accounts/phone";
import { frenchMobile, pickupMessages } from "../../orders/pickup-point";
import type { DeliveryChoice } from "../delivery";
import { guestFieldErrors, guestMessages } from "../guest-form";
import { checkoutError } from "../submit-checks";
import type { CheckoutState } from "./state";

export function submitting(state: CheckoutState<unknown>): boolean {
  return state.phase.name === "placing_transfer" || state.phase.name === "paypal_capturing";
}

export function selectedAddress(state: CheckoutState<unknown>): Address | null {
  const book = state.addresses;
  return (book.status === "ready" && book.addresses.find((a) => a.id === state.addressId)) || null;
}

/** The book's chosen address, or the one a guest is typing (its postal code prefills the search). */
export function deliveryAddress(
  state: CheckoutState<unknown>,
): Pick<Address, "postal_code" | "city" | "phone"> | null {
  if (state.buyer === "customer") return selectedAddress(state);
  const { postal_code, city, phone } = state.guest.address;
  return postal_code.trim() ? { postal_code: postal_code.trim(), city: city.trim(), phone } : null;
}

/** What the buyer typed, else the address's phone when it is a French mobile. */
export function pickupPhone(state: CheckoutState<unknown>): string {
  if (state.pickupPhone !== null) return state.pickupPhone;
  const phone = state.buyer === "guest" ? state.guest.address.phone : (selectedAddress(state)?.phone ?? "");
  return frenchMobile(phone) ? phoneToInput(phone) : "";
}

/** A point, then a French mobile; null when nothing lacks, and for home delivery. */
export function deliveryProblem(delivery: DeliveryChoice): string | null {
  if (delivery.mode !== "pickup") return null;
  if (!delivery.pointId) return pickupMessages.pointRequired;
  return frenchMobile(delivery.phone) ? null : pickupMessages.mobileRequired;
}

export function deliveryChoice(state: CheckoutState<unknown>): DeliveryChoice {
  return state.delivery === "pickup"
    ? { mode: "pickup", pointId: state.pickupPoint?.id ?? null, phone: pickupPhone(state) }
    : { mode: "home" };
}

export function submitProblem(state: CheckoutState<unknown>, signedIn: boolean): string | null {
  return checkoutError({
    signedIn,
    addressId: state.addressId,
    ...(state.buyer === "guest" && {
      guest: {
        problem: Object.keys(guestFieldErrors(state.guest)).length ? guestMessages.detailsInvalid : null,
      },
    }),
    deliveryProblem: deliveryProblem(deliveryChoice(state)),
    paymentMethod: state.method,
    senderName: state.senderName,
    termsAccepted: state.terms,
  });
}
