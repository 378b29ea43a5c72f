import type { FormEvent } from "react";
import { pickupMessages } from "../../../domain/orders/pickup-point";
import { TextField } from "../../ui/fields";

interface Props {
  postalCode: string;
  invalid: boolean;
  searching: boolean;
  onPostalCode: (value: string) => void;
  onSearch: (event: FormEvent<HTMLFormElement>) => void;
}

/** The search by postal code: it runs on « Rechercher » or Enter, never while typing. */
export function PickupSearchForm({ postalCode, invalid, searching, onPostalCode, onSearch }: Props) {
  return (
    <form
      aria-label="Rechercher un point relais"
      noValidate
      onSubmit={onSearch}
      className="flex flex-wrap items-start gap-3"
    >
      <div className="w-40">
        <TextField
          label="Code postal"
          name="postal_code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          value={postalCode}
          onValue={onPostalCode}
          error={invalid ? pickupMessages.postalCodeInvalid : undefined}
        />
      </div>
      <button
        type="submit"
        className="btn btn-secondary mt-6 px-5"
        disabled={searching}
        aria-busy={searching}
      >
        Rechercher
      </button>
    </form>
  );
}
