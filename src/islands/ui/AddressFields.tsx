import { useId } from "react";
import {
  ADDRESS_COUNTRIES,
  type AddressCountry,
  DEFAULT_COUNTRY,
  isAddressCountry,
} from "../../domain/accounts/countries";
import { inputClass, PhoneField, TextField } from "./fields";

/** The text fields of a postal address, as the address book and the guest's checkout name them. */
export type AddressTextField =
  | "first_name"
  | "last_name"
  | "phone"
  | "address_line1"
  | "address_line2"
  | "postal_code"
  | "city";

/** What a field is bound to: its value, how it changes, its error (fieldBinder's answer). */
export interface AddressFieldBinding {
  name: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
}

interface Props {
  field: (name: AddressTextField) => AddressFieldBinding;
  country: AddressCountry;
  /** Absent: the country cannot be changed here (the checkout delivers to France). */
  onCountry?: (country: AddressCountry) => void;
  countryError?: string;
  /** Checkout: only France can be chosen; the other countries show « Bientôt » and are disabled (spec 2). */
  franceOnly?: boolean;
}

/**
 * A delivery address's fields (spec 5: line 2 optional, the rest required; phone in pairs after +33), inside the
 * caller's two-column grid: the address book's form and the guest's « Vos coordonnées » fill them alike.
 */
export function AddressFields({ field, country, onCountry, countryError, franceOnly = false }: Props) {
  const countryId = useId();
  return (
    <>
      <TextField label="Prénom" {...field("first_name")} autoComplete="given-name" required maxLength={80} />
      <TextField label="Nom" {...field("last_name")} autoComplete="family-name" required maxLength={80} />
      <div className="sm:col-span-2">
        <PhoneField label="Téléphone" {...field("phone")} required />
      </div>
      <div className="sm:col-span-2">
        <TextField
          label="Adresse"
          {...field("address_line1")}
          autoComplete="address-line1"
          required
          maxLength={200}
        />
      </div>
      <div className="sm:col-span-2">
        <TextField
          label="Complément d'adresse (facultatif)"
          {...field("address_line2")}
          autoComplete="address-line2"
          maxLength={200}
        />
      </div>
      <TextField
        label="Code postal"
        {...field("postal_code")}
        autoComplete="postal-code"
        inputMode="numeric"
        required
        maxLength={10}
      />
      <TextField label="Ville" {...field("city")} autoComplete="address-level2" required maxLength={100} />
      <div className="sm:col-span-2">
        <label htmlFor={countryId} className="mb-1 block text-sm font-semibold text-ink">
          Pays
        </label>
        <select
          id={countryId}
          name="country"
          autoComplete="country-name"
          value={country}
          onChange={(event) => {
            const chosen = event.currentTarget.value;
            if (onCountry && isAddressCountry(chosen)) onCountry(chosen);
          }}
          aria-invalid={countryError ? true : undefined}
          className={inputClass}
        >
          {ADDRESS_COUNTRIES.map((option) => {
            const soon = franceOnly && option !== DEFAULT_COUNTRY;
            return (
              <option key={option} value={option} disabled={soon}>
                {soon ? `${option} (Bientôt)` : option}
              </option>
            );
          })}
        </select>
        {countryError && <p className="mt-1 text-sm font-medium text-alert">{countryError}</p>}
      </div>
    </>
  );
}
