/**
 * A guest's details (decision record 049), without zod: the islands import it. The server checks again;
 * guest-form.test.ts keeps the copies below in step with it.
 */
import { type AddressFormValues, addressPayload, emptyAddressForm } from "../accounts/address-forms";
import { normalizePhone } from "../accounts/phone";

/** The phone as the field shows it. */
export interface GuestForm {
  email: string;
  address: AddressFormValues;
}

export const emptyGuestForm: GuestForm = { email: "", address: emptyAddressForm };

export type GuestFieldPath = "guest.email" | `guest.address.${GuestAddressField}`;
export type GuestAddressField = Exclude<keyof AddressFormValues, "country">;

/** The first invalid one takes the focus. */
export const GUEST_FIELD_PATHS: readonly GuestFieldPath[] = [
  "guest.email",
  "guest.address.first_name",
  "guest.address.last_name",
  "guest.address.phone",
  "guest.address.address_line1",
  "guest.address.address_line2",
  "guest.address.postal_code",
  "guest.address.city",
];

export function isGuestFieldPath(path: string): path is GuestFieldPath {
  return (GUEST_FIELD_PATHS as readonly string[]).includes(path);
}

/** The server's messages word for word (address.ts, account.ts), so the browser says what the server would. */
export const guestMessages = {
  detailsInvalid: "Veuillez compléter ou corriger vos coordonnées.",
  emailRequired: "L'adresse e-mail est obligatoire.",
  emailInvalid: "Adresse e-mail invalide.",
  firstNameRequired: "Le prénom est obligatoire.",
  firstNameTooLong: "Le prénom est trop long.",
  lastNameRequired: "Le nom est obligatoire.",
  lastNameTooLong: "Le nom est trop long.",
  phoneRequired: "Le téléphone est obligatoire.",
  phoneInvalid: "Numéro de téléphone invalide (10 chiffres).",
  line1Required: "L'adresse est obligatoire.",
  line1TooLong: "L'adresse est trop longue.",
  cityRequired: "La ville est obligatoire.",
  cityTooLong: "La ville est trop longue.",
  postalCodeRequired: "Le code postal est obligatoire.",
  postalCodeInvalid: "Code postal invalide pour ce pays.",
} as const;

/** As the browser's own type=email check reads one. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** Checkout delivers to France only (address.ts CHECKOUT_COUNTRIES). */
const FRENCH_POSTAL_CODE = /^\d{5}$/;

function textProblem(value: string, max: number, required: string, tooLong: string): string | null {
  const text = value.trim();
  if (!text) return required;
  return text.length > max ? tooLong : null;
}

/** Keyed as the API keys its errors; empty: nothing lacks. */
export function guestFieldErrors(form: GuestForm): Partial<Record<GuestFieldPath, string>> {
  const m = guestMessages;
  const { address } = form;
  const email = form.email.trim();
  const postalCode = address.postal_code.trim();
  const problems: Record<GuestFieldPath, string | null> = {
    "guest.email": !email
      ? m.emailRequired
      : email.length > 254 || !EMAIL_PATTERN.test(email)
        ? m.emailInvalid
        : null,
    "guest.address.first_name": textProblem(address.first_name, 80, m.firstNameRequired, m.firstNameTooLong),
    "guest.address.last_name": textProblem(address.last_name, 80, m.lastNameRequired, m.lastNameTooLong),
    "guest.address.phone": !address.phone.trim()
      ? m.phoneRequired
      : normalizePhone(address.phone)
        ? null
        : m.phoneInvalid,
    "guest.address.address_line1": textProblem(address.address_line1, 200, m.line1Required, m.line1TooLong),
    "guest.address.address_line2": null,
    "guest.address.postal_code": !postalCode
      ? m.postalCodeRequired
      : FRENCH_POSTAL_CODE.test(postalCode)
        ? null
        : m.postalCodeInvalid,
    "guest.address.city": textProblem(address.city, 100, m.cityRequired, m.cityTooLong),
  };
  const errors: Partial<Record<GuestFieldPath, string>> = {};
  for (const path of GUEST_FIELD_PATHS) {
    const problem = problems[path];
    if (problem) errors[path] = problem;
  }
  return errors;
}

export function guestDetailsBody(form: GuestForm) {
  return {
    email: form.email.trim(),
    address: { ...addressPayload(form.address), country: "France" as const },
  };
}
