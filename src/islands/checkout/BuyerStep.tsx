import type { Dispatch } from "react";
import type { CheckoutEvent } from "../../domain/checkout/flow/events";
import type { CheckoutState } from "../../domain/checkout/flow/state";
import { AddressSection } from "./AddressSection";
import { GuestDetailsSection } from "./GuestDetailsSection";

interface Props {
  state: CheckoutState<unknown>;
  dispatch: Dispatch<CheckoutEvent<never>>;
  /** Who orders; "both" in the first paint, where CSS shows the one the head script points to. */
  buyer: "customer" | "guest" | "both";
  focusGuestEmail: boolean;
}

/** Step 1 of the checkout: the customer's address book, or a guest's e-mail and address. */
export function BuyerStep({ state, dispatch, buyer, focusGuestEmail }: Props) {
  const firstPaint = buyer === "both";
  return (
    <>
      {buyer !== "guest" && (
        <div data-first-buyer={firstPaint ? "customer" : undefined}>
          <AddressSection book={state.addresses} addressId={state.addressId} dispatch={dispatch} />
        </div>
      )}
      {buyer !== "customer" && (
        <div data-first-buyer={firstPaint ? "guest" : undefined}>
          <GuestDetailsSection
            form={state.guest}
            errors={state.guestErrors}
            errorsShown={state.guestErrorsShown}
            onField={(field, value) => dispatch({ type: "guest_typed", field, value })}
            focusEmail={focusGuestEmail}
          />
        </div>
      )}
    </>
  );
}
