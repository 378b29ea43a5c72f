/**
 * What the island and the reducer read off the checkout's state: a request in flight, the address the parcel would
 * go to, the mobile for a pick-up point and what that delivery lacks, and the submit checks of spec 5.
 * Without zod, as the modules of checkout/: the island imports this file.
 */
import type { Address } from "../../../accounts/address";
import { phoneToInput } from "../../../accounts/phone";
import { frenchMobile, pickupMessages } from "../../pickup-point";
import type { DeliveryChoice } from "../delivery";
import { guestFieldErrors, guestMessages } from "../guest-form";
import { checkoutError } from "../submit-checks";
import type { CheckoutState } from "./state";

/** A request of ours is in flight: the transfer's button is disabled and PayPal's buttons too. */
export function submitting(state: CheckoutState<unknown>): boolean {
  return state.phase.name === "placing_transfer" || state.phase.name === "paypal_capturing";
}

export function selectedAddress(state: CheckoutState<unknown>): Address | null {
  const book = state.addresses;
  return (book.status === "ready" && book.addresses.find((a) => a.id === state.addressId)) || null;
}

/**
 * Where the parcel would go, as far as the pick-up point's search and the mobile need it: the chosen address of the
 * book, or the one a guest is typing (its postal code prefills the search); null while there is none.
 */
export function deliveryAddress(
  state: CheckoutState<unknown>,
): Pick<Address, "postal_code" | "city" | "phone"> | null {
  if (state.buyer === "customer") return selectedAddress(state);
  const { postal_code, city, phone } = state.guest.address;
  return postal_code.trim() ? { postal_code: postal_code.trim(), city: city.trim(), phone } : null;
}

/**
 * The mobile for La Poste's text as the field shows it: what the buyer typed, else the address's phone when it is a
 * French mobile (« 06 12 34 56 78 »), else nothing.
 */
export function pickupPhone(state: CheckoutState<unknown>): string {
  if (state.pickupPhone !== null) return state.pickupPhone;
  const phone = state.buyer === "guest" ? state.guest.address.phone : (selectedAddress(state)?.phone ?? "");
  return frenchMobile(phone) ? phoneToInput(phone) : "";
}

/**
 * What delivery to a pick-up point still lacks, checked right after the address: a point, then a French
 * mobile (frenchMobile); null when nothing does, and for home delivery.
 */
export function deliveryProblem(delivery: DeliveryChoice): string | null {
  if (delivery.mode !== "pickup") return null;
  if (!delivery.pointId) return pickupMessages.pointRequired;
  return frenchMobile(delivery.phone) ? null : pickupMessages.mobileRequired;
}

/** The delivery the order asks for (delivery.ts DeliveryChoice): home, or the point chosen and the mobile. */
export function deliveryChoice(state: CheckoutState<unknown>): DeliveryChoice {
  return state.delivery === "pickup"
    ? { mode: "pickup", pointId: state.pickupPoint?.id ?? null, phone: pickupPhone(state) }
    : { mode: "home" };
}

/** The submit checks of spec 5 on the state (submit-checks.ts); null when the order may be sent. */
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
