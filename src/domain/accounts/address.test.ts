import { describe, expect, it } from "vitest";
import { addressInputSchema } from "./address";

const valid = {
  first_name: "Marie",
  last_name: "Dupont",
  phone: "06 12 34 56 78",
  address_line1: "3 rue des Lilas",
  city: "Lyon",
  postal_code: "69003",
};

describe("addressInputSchema", () => {
  it("normalises the phone, defaults to France and an empty line 2 to null", () => {
    expect(addressInputSchema.parse(valid)).toEqual({
      ...valid,
      phone: "+33612345678",
      address_line2: null,
      country: "France",
    });
  });

  it.each([
    ["first_name", "", "Le prénom est obligatoire."],
    ["last_name", "  ", "Le nom est obligatoire."],
    ["phone", "12", "Numéro de téléphone invalide (10 chiffres)."],
    ["address_line1", "", "L'adresse est obligatoire."],
    ["city", "", "La ville est obligatoire."],
    ["postal_code", "6900", "Code postal invalide pour ce pays."],
    ["country", "Espagne", "Pays non pris en charge."],
    // Each too-long message agrees with its field's noun.
    ["first_name", "M".repeat(81), "Le prénom est trop long."],
    ["last_name", "M".repeat(81), "Le nom est trop long."],
    ["address_line1", "r".repeat(201), "L'adresse est trop longue."],
    ["address_line2", "r".repeat(201), "Le complément d'adresse est trop long."],
    ["city", "v".repeat(101), "La ville est trop longue."],
    ["postal_code", "1".repeat(11), "Le code postal est trop long."],
  ])("%s = %j -> %s", (field, value, message) => {
    const result = addressInputSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });

  it.each([
    ["Belgique", "1000"],
    ["Suisse", "1200"],
    ["Luxembourg", "L-1234"],
  ])("accepts a %s postal code", (country, postal_code) => {
    expect(addressInputSchema.safeParse({ ...valid, country, postal_code }).success).toBe(true);
  });

  it("refuses unknown fields such as user_id", () => {
    expect(addressInputSchema.safeParse({ ...valid, user_id: "someone-else" }).success).toBe(false);
  });
});
