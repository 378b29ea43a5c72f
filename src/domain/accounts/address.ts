import * as z from "zod";
import { ADDRESS_COUNTRIES } from "./countries";
import { normalizePhone } from "./phone";

/** Countries of the address book (spec): France is the default; checkout delivers to France only for now. */
export const COUNTRIES = ADDRESS_COUNTRIES;
export type Country = (typeof COUNTRIES)[number];
export const CHECKOUT_COUNTRIES: readonly Country[] = ["France"];

const POSTAL_CODE: Record<Country, RegExp> = {
  France: /^\d{5}$/,
  Belgique: /^\d{4}$/,
  Suisse: /^\d{4}$/,
  Luxembourg: /^(L-?)?\d{4}$/i,
};

/** A required text field, with its two messages written whole: the adjective agrees with the field's noun. */
const required = (max: number, messages: { required: string; tooLong: string }) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.tooLong);

/** An address as the customer enters it (spec: line 2 optional; the rest required). */
export const addressInputSchema = z
  .strictObject({
    first_name: required(80, { required: "Le prénom est obligatoire.", tooLong: "Le prénom est trop long." }),
    last_name: required(80, { required: "Le nom est obligatoire.", tooLong: "Le nom est trop long." }),
    phone: z
      .string({ error: "Le téléphone est obligatoire." })
      .trim()
      .min(1, "Le téléphone est obligatoire.")
      .transform((value, ctx) => {
        const phone = normalizePhone(value);
        if (!phone) {
          ctx.addIssue({ code: "custom", message: "Numéro de téléphone invalide (10 chiffres)." });
          return z.NEVER;
        }
        return phone;
      }),
    address_line1: required(200, {
      required: "L'adresse est obligatoire.",
      tooLong: "L'adresse est trop longue.",
    }),
    address_line2: z
      .string()
      .trim()
      .max(200, "Le complément d'adresse est trop long.")
      .nullish()
      .transform((value) => value || null),
    city: required(100, { required: "La ville est obligatoire.", tooLong: "La ville est trop longue." }),
    postal_code: required(10, {
      required: "Le code postal est obligatoire.",
      tooLong: "Le code postal est trop long.",
    }),
    country: z.enum(COUNTRIES, { error: "Pays non pris en charge." }).default("France"),
    is_default: z.boolean().optional(),
  })
  .superRefine((address, ctx) => {
    if (!POSTAL_CODE[address.country].test(address.postal_code)) {
      ctx.addIssue({ code: "custom", path: ["postal_code"], message: "Code postal invalide pour ce pays." });
    }
  });
export type AddressInput = z.input<typeof addressInputSchema>;
export type ParsedAddressInput = z.output<typeof addressInputSchema>;

export const addressSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  address_line1: z.string(),
  address_line2: z.string().nullable(),
  city: z.string(),
  postal_code: z.string(),
  country: z.enum(COUNTRIES),
  is_default: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;
