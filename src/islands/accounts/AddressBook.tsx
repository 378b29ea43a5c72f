import { useState } from "react";
import type { Address } from "../../domain/accounts/address";
import {
  type AddressFormValues,
  addressLines,
  addressPayload,
  addressToForm,
  emptyAddressForm,
} from "../../domain/accounts/address-forms";
import {
  createAddress,
  deleteAddress,
  fetchAddresses,
  setDefaultAddress,
  updateAddress,
} from "../../lib/account-client";
import { errorMessage, fieldErrors } from "../../lib/api-client";
import { handleUnauthenticated } from "../../stores/session";
import { Notice } from "../ui/fields";
import { AddressForm } from "./AddressForm";
import { Card } from "./Card";

type Editing = { kind: "none" } | { kind: "add" } | { kind: "edit"; address: Address };

const DELETE_CONFIRMATION = "Êtes-vous sûr de vouloir supprimer cette adresse ?";

/**
 * The customer's addresses (spec 2): list with the default one marked, add and edit forms, make default,
 * delete after confirmation. After each change the list is read again, so the default mark is the server's.
 */
export function AddressBook({ initialAddresses }: { initialAddresses: Address[] }) {
  const [addresses, setAddresses] = useState(initialAddresses);
  const [editing, setEditing] = useState<Editing>({ kind: "none" });
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const [busyId, setBusyId] = useState<string | null>(null);

  function edit(next: Editing) {
    setEditing(next);
    setError(null);
    setFormError(null);
    setFields({});
  }

  function fail(failure: unknown, showInForm: boolean) {
    if (handleUnauthenticated(failure)) return;
    const message = errorMessage(failure, "Une erreur est survenue");
    if (showInForm) {
      setFields(fieldErrors(failure));
      setFormError(message);
    } else {
      setError(message);
    }
  }

  async function save(values: AddressFormValues) {
    setFormError(null);
    setFields({});
    try {
      const body = addressPayload(values);
      if (editing.kind === "edit") await updateAddress(editing.address.id, body);
      else await createAddress(body);
      setAddresses(await fetchAddresses());
      edit({ kind: "none" });
    } catch (failure) {
      fail(failure, true);
    }
  }

  async function act(address: Address, action: () => Promise<unknown>) {
    setError(null);
    setBusyId(address.id);
    try {
      await action();
      setAddresses(await fetchAddresses());
    } catch (failure) {
      fail(failure, false);
    } finally {
      setBusyId(null);
    }
  }

  function remove(address: Address) {
    if (!window.confirm(DELETE_CONFIRMATION)) return;
    if (editing.kind === "edit" && editing.address.id === address.id) edit({ kind: "none" });
    void act(address, () => deleteAddress(address.id));
  }

  const form =
    editing.kind === "none" ? null : (
      <AddressForm
        key={editing.kind === "edit" ? editing.address.id : "new"}
        title={editing.kind === "edit" ? "Modifier l'adresse" : "Nouvelle adresse"}
        submitLabel={editing.kind === "edit" ? "Enregistrer l'adresse" : "Ajouter l'adresse"}
        initial={editing.kind === "edit" ? addressToForm(editing.address) : emptyAddressForm}
        onSubmit={save}
        onCancel={() => edit({ kind: "none" })}
        error={formError}
        fields={fields}
      />
    );

  return (
    <Card
      title="Mes adresses"
      action={
        editing.kind === "none" && (
          <button type="button" className="btn btn-secondary px-5" onClick={() => edit({ kind: "add" })}>
            Ajouter une adresse
          </button>
        )
      }
    >
      {error && (
        <div className="mb-4">
          <Notice kind="error">{error}</Notice>
        </div>
      )}
      {editing.kind === "add" && <div className="mb-6">{form}</div>}
      {addresses.length === 0 ? (
        editing.kind === "none" && (
          <p className="text-ink-soft">Vous n'avez pas encore enregistré d'adresse.</p>
        )
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {addresses.map((address) => {
            const name = `${address.first_name} ${address.last_name}`;
            const busy = busyId === address.id;
            if (editing.kind === "edit" && editing.address.id === address.id) {
              return (
                <li key={address.id} className="sm:col-span-2">
                  {form}
                </li>
              );
            }
            return (
              <li
                key={address.id}
                aria-busy={busy}
                className={`flex flex-col rounded-xl border p-4 ${address.is_default ? "border-olive-500 bg-olive-50/60" : "border-cream-300 bg-cream-50"}`}
              >
                {address.is_default && (
                  <p className="mb-2 inline-flex w-fit items-center gap-1 rounded-full bg-olive-700 px-3 py-0.5 text-xs font-semibold text-cream-50">
                    Adresse par défaut
                  </p>
                )}
                <address className="flex-1 leading-relaxed text-ink not-italic">
                  {addressLines(address).map((line) => (
                    <span key={line.key} className={`block ${line.key === "name" ? "font-semibold" : ""}`}>
                      {line.text}
                    </span>
                  ))}
                </address>
                <div className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
                  <button
                    type="button"
                    className={actionClass}
                    onClick={() => edit({ kind: "edit", address })}
                  >
                    Modifier<span className="sr-only"> l'adresse de {name}</span>
                  </button>
                  {!address.is_default && (
                    <button
                      type="button"
                      className={actionClass}
                      disabled={busy}
                      onClick={() => void act(address, () => setDefaultAddress(address.id))}
                    >
                      Définir par défaut<span className="sr-only"> : adresse de {name}</span>
                    </button>
                  )}
                  <button
                    type="button"
                    className={`${actionClass} text-alert hover:text-alert`}
                    disabled={busy}
                    onClick={() => remove(address)}
                  >
                    Supprimer<span className="sr-only"> l'adresse de {name}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

const actionClass =
  "rounded-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900 disabled:opacity-50";
