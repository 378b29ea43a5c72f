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

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .min(1, `${label} est obligatoire.`)
    .max(max, `${label} est trop long.`);

/** An address as the customer enters it (spec: line 2 optional; the rest required). */
export const addressInputSchema = z
  .strictObject({
    first_name: required("Le prénom", 80),
    last_name: required("Le nom", 80),
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
    address_line1: required("L'adresse", 200),
    address_line2: z
      .string()
      .trim()
      .max(200)
      .nullish()
      .transform((value) => value || null),
    city: required("La ville", 100),
    postal_code: required("Le code postal", 10),
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

/** An address as the API answers it. */
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
