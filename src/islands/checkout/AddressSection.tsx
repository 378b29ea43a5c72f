import type { Dispatch } from "react";
import type { CheckoutEvent } from "../../domain/checkout/flow/events";
import type { AddressBook } from "../../domain/checkout/flow/state";
import { fetchAddresses } from "../../lib/account-client";
import { AddressPicker } from "./AddressPicker";
import { Section } from "./Section";

interface Props {
  book: AddressBook;
  addressId: string | null;
  dispatch: Dispatch<CheckoutEvent<never>>;
}

/** Step 1: the address book (loading, its error with « Réessayer », or the picker with « Ajouter une adresse »). */
export function AddressSection({ book, addressId, dispatch }: Props) {
  return (
    <Section title="Adresse de livraison" step={1}>
      {/* Room for one address and « Ajouter une adresse » from the start: the sections below do not move
          when the addresses arrive (CLS 0). */}
      <div className="min-h-[15.875rem]">
        {book.status === "loading" && (
          <p role="status" className="text-ink-soft">
            Chargement de vos adresses...
          </p>
        )}
        {book.status === "error" && (
          <div role="alert" className="rounded-xl border border-alert/30 bg-red-50 px-4 py-3 text-alert">
            <p className="font-semibold">{book.message}</p>
            <button
              type="button"
              onClick={() => dispatch({ type: "addresses_retry" })}
              className="mt-1 rounded-sm font-semibold underline underline-offset-4"
            >
              Réessayer
            </button>
          </div>
        )}
        {book.status === "ready" && (
          <AddressPicker
            addresses={book.addresses}
            selectedId={addressId}
            onSelect={(id) => dispatch({ type: "address_chosen", id })}
            onCreated={async (created) => {
              const addresses = await fetchAddresses();
              dispatch({ type: "address_created", addresses, created });
            }}
          />
        )}
      </div>
    </Section>
  );
}
