/**
 * The address form of the profile (and later checkout), without zod so islands stay light. The API parses
 * what this produces with addressInputSchema (address.ts); both take the country list from countries.ts.
 */
import type { Address } from "./address";
import { type AddressCountry, DEFAULT_COUNTRY, isAddressCountry } from "./countries";
import { displayPhone, phoneToInput } from "./phone";

/** What the form's inputs hold: the phone as typed ("06 12 34 56 78"), line 2 possibly empty. */
export interface AddressFormValues {
  first_name: string;
  last_name: string;
  phone: string;
  address_line1: string;
  address_line2: string;
  city: string;
  postal_code: string;
  country: AddressCountry;
}

export const emptyAddressForm: AddressFormValues = {
  first_name: "",
  last_name: "",
  phone: "",
  address_line1: "",
  address_line2: "",
  city: "",
  postal_code: "",
  country: DEFAULT_COUNTRY,
};

/** Required fields of spec 5, in the form's order (line 2 is optional). */
export const REQUIRED_ADDRESS_FIELDS = [
  "first_name",
  "last_name",
  "phone",
  "address_line1",
  "postal_code",
  "city",
] as const satisfies readonly (keyof AddressFormValues)[];

export function addressToForm(address: Address): AddressFormValues {
  return {
    first_name: address.first_name,
    last_name: address.last_name,
    phone: phoneToInput(address.phone),
    address_line1: address.address_line1,
    address_line2: address.address_line2 ?? "",
    city: address.city,
    postal_code: address.postal_code,
    country: isAddressCountry(address.country) ? address.country : DEFAULT_COUNTRY,
  };
}

/** Body of POST /api/user/addresses and PUT /api/user/addresses/{id}: trimmed, empty line 2 as null. */
export function addressPayload(values: AddressFormValues) {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    phone: values.phone.trim(),
    address_line1: values.address_line1.trim(),
    address_line2: values.address_line2.trim() || null,
    city: values.city.trim(),
    postal_code: values.postal_code.trim(),
    country: values.country,
  };
}

/** The address as printed on a card: name, lines, postal code and city, country, phone (empty lines left out). */
export function addressLines(address: Address): Array<{ key: string; text: string }> {
  const lines = [
    { key: "name", text: `${address.first_name} ${address.last_name}`.trim() },
    { key: "line1", text: address.address_line1 },
    { key: "line2", text: address.address_line2 ?? "" },
    { key: "city", text: `${address.postal_code} ${address.city}`.trim() },
    { key: "country", text: address.country },
    { key: "phone", text: address.phone ? displayPhone(address.phone) : "" },
  ];
  return lines.filter((line) => line.text !== "");
}
