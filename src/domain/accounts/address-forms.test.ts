import { describe, expect, it } from "vitest";
import { type Address, addressInputSchema } from "./address";
import { addressLines, addressPayload, addressToForm, emptyAddressForm } from "./address-forms";
import { ADDRESS_COUNTRIES, isAddressCountry } from "./countries";

const stored: Address = {
  id: "01J00000000000000000000000",
  first_name: "Marie",
  last_name: "Curie",
  phone: "+33612345678",
  address_line1: "12 rue des Savonniers",
  address_line2: null,
  city: "Lyon",
  postal_code: "69001",
  country: "France",
  is_default: true,
};

describe("address form", () => {
  it("offers the four countries, France first and by default", () => {
    expect(ADDRESS_COUNTRIES).toEqual(["France", "Belgique", "Suisse", "Luxembourg"]);
    expect(emptyAddressForm.country).toBe("France");
    expect(ADDRESS_COUNTRIES[0]).toBe("France");
  });

  it("turns a stored address into form values and back into a body the API accepts", () => {
    const form = addressToForm(stored);
    expect(form.phone).toBe("06 12 34 56 78");
    expect(form.address_line2).toBe("");
    const body = addressPayload(form);
    expect(body.address_line2).toBeNull();
    const parsed = addressInputSchema.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.phone).toBe("+33612345678");
  });

  it.each([
    [{ address_line2: "  Bâtiment B " }, "Bâtiment B"],
    [{ address_line2: "   " }, null],
  ])("line 2 %j is sent as %j", (change, line2) => {
    expect(addressPayload({ ...addressToForm(stored), ...change }).address_line2).toBe(line2);
  });

  it("trims what was typed", () => {
    const body = addressPayload({ ...emptyAddressForm, first_name: " Jean ", city: " Paris " });
    expect(body.first_name).toBe("Jean");
    expect(body.city).toBe("Paris");
  });

  it.each([
    ["France", true],
    ["Suisse", true],
    ["Allemagne", false],
  ])("isAddressCountry(%j) is %j", (value, expected) => {
    expect(isAddressCountry(value)).toBe(expected);
  });

  it("prints the address lines of a card, without an empty line 2", () => {
    expect(addressLines(stored).map((line) => line.text)).toEqual([
      "Marie Curie",
      "12 rue des Savonniers",
      "69001 Lyon",
      "France",
      "+33 6 12 34 56 78",
    ]);
    expect(addressLines({ ...stored, address_line2: "Bâtiment B" })).toContainEqual({
      key: "line2",
      text: "Bâtiment B",
    });
  });
});
