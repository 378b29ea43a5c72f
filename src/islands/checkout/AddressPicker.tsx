import { lazy, Suspense, useLayoutEffect, useRef, useState } from "react";
import type { Address } from "../../domain/accounts/address";
import {
  type AddressFormValues,
  addressLines,
  addressPayload,
  emptyAddressForm,
} from "../../domain/accounts/address-forms";
import { deliverable } from "../../domain/checkout/flow/state";
import { createAddress } from "../../lib/account-client";
import { errorMessage, fieldErrors } from "../../lib/api-client";
import { handleUnauthenticated } from "../../stores/session";

/** The new-address form's code: fetched when the form opens, or ahead when the customer reaches for its button. */
const loadAddressForm = () => import("../accounts/AddressForm");
const AddressForm = lazy(() => loadAddressForm().then((module) => ({ default: module.AddressForm })));

interface Props {
  addresses: Address[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** After an address was added: the book is read again and the new one chosen. */
  onCreated: (address: Address) => Promise<void>;
}

/**
 * Delivery address of the checkout (spec 2): the customer's addresses as radio buttons, France only selectable
 * (the other countries show 'Bientôt'), and a form to add one (opened at once when the book is empty).
 */
export function AddressPicker({ addresses, selectedId, onSelect, onCreated }: Props) {
  const [adding, setAdding] = useState(addresses.length === 0);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  // Where the keyboard goes once the form closes: the new address (saved) or the button that opened it (cancelled),
  // never <body>. Applied after the list shows the new address.
  const [focusNext, setFocusNext] = useState<{ addressId: string } | "add-button" | null>(null);
  const list = useRef<HTMLFieldSetElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again once the list shows the new address
  useLayoutEffect(() => {
    if (!focusNext) return;
    if (focusNext === "add-button") addButton.current?.focus();
    else
      list.current
        ?.querySelector<HTMLInputElement>(`input[value="${CSS.escape(focusNext.addressId)}"]`)
        ?.focus();
    setFocusNext(null);
  }, [focusNext, addresses]);

  async function save(values: AddressFormValues) {
    setError(null);
    setFields({});
    try {
      const created = await createAddress(addressPayload(values));
      await onCreated(created);
      setAdding(false);
      setFocusNext({ addressId: created.id });
    } catch (failure) {
      if (handleUnauthenticated(failure)) return;
      setFields(fieldErrors(failure));
      setError(errorMessage(failure, "Une erreur est survenue"));
    }
  }

  return (
    <div>
      {addresses.length > 0 && (
        <fieldset ref={list}>
          <legend className="sr-only">Choisissez l'adresse de livraison</legend>
          <ul className="grid gap-3 sm:grid-cols-2">
            {addresses.map((address) => {
              const allowed = deliverable(address);
              const checked = selectedId === address.id;
              return (
                <li key={address.id}>
                  <label
                    className={`flex h-full gap-3 rounded-xl border-2 p-4 ${
                      allowed ? "cursor-pointer hover:border-olive-500" : "cursor-not-allowed bg-cream-100"
                    } ${checked ? "border-olive-600 bg-olive-50" : "border-cream-300"}`}
                  >
                    <input
                      type="radio"
                      name="shipping_address"
                      value={address.id}
                      checked={checked}
                      disabled={!allowed}
                      onChange={() => onSelect(address.id)}
                      className="mt-1 size-4 shrink-0 accent-olive-700"
                    />
                    <span className="min-w-0 leading-relaxed">
                      {addressLines(address).map((line) => (
                        <span
                          key={line.key}
                          className={`block ${line.key === "name" ? "font-semibold text-ink" : "text-ink-soft"}`}
                        >
                          {line.text}
                        </span>
                      ))}
                      <span className="mt-2 flex flex-wrap gap-2">
                        {address.is_default && (
                          <span className="rounded-full bg-olive-700 px-2.5 py-0.5 text-xs font-semibold text-cream-50">
                            Adresse par défaut
                          </span>
                        )}
                        {!allowed && (
                          <span className="rounded-full bg-cream-300 px-2.5 py-0.5 text-xs font-semibold text-ink">
                            Bientôt
                            <span className="sr-only"> : livraison pas encore disponible dans ce pays</span>
                          </span>
                        )}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {addresses.length === 0 && !adding && (
        <p className="text-ink-soft">Vous n'avez pas encore d'adresse de livraison.</p>
      )}
      <div className="mt-4">
        {adding ? (
          <Suspense fallback={null}>
            <AddressForm
              title="Nouvelle adresse de livraison"
              submitLabel="Ajouter l'adresse"
              initial={emptyAddressForm}
              onSubmit={save}
              onCancel={() => {
                setAdding(false);
                setError(null);
                setFields({});
                setFocusNext("add-button");
              }}
              error={error}
              fields={fields}
              franceOnly
            />
          </Suspense>
        ) : (
          <button
            ref={addButton}
            type="button"
            className="btn btn-secondary px-5"
            onClick={() => setAdding(true)}
            onPointerEnter={() => void loadAddressForm()}
            onFocus={() => void loadAddressForm()}
          >
            Ajouter une adresse
          </button>
        )}
      </div>
    </div>
  );
}
