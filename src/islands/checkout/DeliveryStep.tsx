import { type Dispatch, lazy, Suspense } from "react";
import type { Cart } from "../../domain/cart/cart";
import { deliveryShipping } from "../../domain/checkout/delivery";
import type { CheckoutEvent } from "../../domain/checkout/flow/events";
import { deliveryAddress, pickupPhone } from "../../domain/checkout/flow/selectors";
import type { CheckoutState } from "../../domain/checkout/flow/state";
import { cartTotals, type ShippingSettings } from "../../domain/checkout/totals";
import { DeliverySection } from "./DeliverySection";

/** The pick-up point's search: fetched when that mode is chosen, or ahead when the shopper reaches for it. */
const loadPickupPicker = () => import("./pickup/PickupPicker");
const PickupPicker = lazy(() => loadPickupPicker().then((module) => ({ default: module.PickupPicker })));
const preloadPickupPicker = () => void loadPickupPicker();

interface Props {
  state: CheckoutState<unknown>;
  dispatch: Dispatch<CheckoutEvent<never>>;
  cart: Cart;
  shipping: ShippingSettings;
  carrier: string;
  /** The order's shipping as priced now; null in the first paint (the cart not read yet). */
  shippingAmount: number | null;
  pending: boolean;
}

/** Step 2 of the checkout: the carrier and, when the shop offers it, home delivery or a pick-up point. */
export function DeliveryStep({ state, dispatch, cart, shipping, carrier, shippingAmount, pending }: Props) {
  const pickup = state.offer.pickup;
  return (
    <DeliverySection
      carrier={carrier}
      shipping={shippingAmount}
      modes={
        // In the first paint too (its room kept, prices unknown until the cart is read): the choice does not push the
        // page down when the framework takes over.
        pickup
          ? {
              mode: state.delivery,
              costs: pending
                ? null
                : {
                    home: cartTotals(cart, shipping, null).shipping,
                    pickup: cartTotals(cart, deliveryShipping(shipping, pickup, "pickup"), null).shipping,
                  },
              onMode: (mode) => dispatch({ type: "delivery_chosen", mode }),
              onPickupNear: preloadPickupPicker,
            }
          : null
      }
    >
      <Suspense fallback={null}>
        <PickupPicker
          key={state.pickupSearches}
          address={deliveryAddress(state)}
          point={state.pickupPoint}
          phone={pickupPhone(state)}
          onPoint={(point) => dispatch({ type: "pickup_point_chosen", point })}
          onPhone={(phone) => dispatch({ type: "pickup_phone_typed", phone })}
        />
      </Suspense>
    </DeliverySection>
  );
}
