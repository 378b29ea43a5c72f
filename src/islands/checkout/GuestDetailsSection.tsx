import { useLayoutEffect, useRef } from "react";
import { DEFAULT_COUNTRY } from "../../domain/accounts/countries";
import type { GuestField } from "../../domain/checkout/flow/events";
import { GUEST_FIELD_PATHS, type GuestFieldPath, type GuestForm } from "../../domain/checkout/guest-form";
import { openAuthModal } from "../../stores/auth-modal";
import { AddressFields } from "../ui/AddressFields";
import { TextField } from "../ui/fields";
import { Section } from "./Section";

interface Props {
  form: GuestForm;
  errors: Readonly<Partial<Record<GuestFieldPath, string>>>;
  /** Bumped when the fields were found lacking: the first one in error takes the focus. */
  errorsShown: number;
  onField: (field: GuestField, value: string) => void;
  /** The keyboard goes to the e-mail field (« Commander sans compte » just chosen). */
  focusEmail?: boolean;
}

/** The input of a field, as the section finds it to focus it: by its name. */
const fieldName = (path: GuestFieldPath) => path.replace(/^guest\.(address\.)?/, "");

/**
 * Step 1 of a guest's checkout, « Vos coordonnées »: her e-mail (the order's mails and its tracking link go
 * there) and the delivery address, with the address book's fields, rules and messages (address-forms.ts; France only
 * for now, the other countries shown « Bientôt »), and the way to sign in instead. Each field's message is under it,
 * tied to it; when the order's checks or the server find some lacking, the first one takes the focus.
 */
export function GuestDetailsSection({ form, errors, errorsShown, onField, focusEmail = false }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const { address } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus moves when the errors are shown (a new attempt), not as she types
  useLayoutEffect(() => {
    if (errorsShown === 0) return;
    const first = GUEST_FIELD_PATHS.find((path) => errors[path]);
    if (first) root.current?.querySelector<HTMLElement>(`[name="${fieldName(first)}"]`)?.focus();
  }, [errorsShown]);

  useLayoutEffect(() => {
    if (focusEmail) root.current?.querySelector<HTMLElement>('[name="email"]')?.focus();
  }, [focusEmail]);

  const field = (name: GuestField) => {
    const path: GuestFieldPath = name === "email" ? "guest.email" : `guest.address.${name}`;
    return {
      name,
      value: name === "email" ? form.email : address[name],
      onValue: (value: string) => onField(name, value),
      error: errors[path],
    };
  };

  return (
    <Section title="Vos coordonnées" step={1}>
      <div ref={root}>
        <p className="text-sm text-ink-soft">
          Vous avez un compte ?{" "}
          <button
            type="button"
            className="rounded-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900"
            onClick={() => openAuthModal("signin")}
          >
            Se connecter
          </button>
        </p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField
              label="Adresse e-mail"
              {...field("email")}
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              hint="Votre confirmation et le lien de suivi de votre commande y seront envoyés."
            />
          </div>
          <AddressFields field={field} country={DEFAULT_COUNTRY} franceOnly />
        </div>
      </div>
    </Section>
  );
}
