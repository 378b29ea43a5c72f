import { describe, expect, it } from "vitest";
import { guestDetailsSchema } from "../orders/order";
import { cart, jeanne } from "./fixtures";
import { GUEST_FIELD_PATHS, type GuestForm, guestFieldErrors } from "./guest-form";
import { guestOrderRequestBody } from "./request-bodies";
import { cartTotals, defaultShippingSettings } from "./totals";

describe("ordering without an account (issue 32)", () => {
  const withAddress = (changes: Partial<GuestForm["address"]>, email = jeanne.email): GuestForm => ({
    email,
    address: { ...jeanne.address, ...changes },
  });

  /** The server's messages for the same details: guestDetailsSchema's issues, keyed as the API keys them. */
  function serverErrors(form: GuestForm): Record<string, string> {
    const body = guestOrderRequestBody({
      cart,
      notes: "",
      promo: null,
      totals: cartTotals(cart, defaultShippingSettings, null),
      guest: form,
    });
    const parsed = guestDetailsSchema.safeParse(body.guest);
    if (parsed.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[["guest", ...issue.path].join(".")] ??= issue.message;
    return errors;
  }

  const nothingTyped: GuestForm = {
    email: "",
    address: {
      ...jeanne.address,
      first_name: "",
      last_name: " ",
      phone: "",
      address_line1: "",
      city: "",
      postal_code: "",
    },
  };
  const cases: [string, GuestForm][] = [
    ["complete", jeanne],
    ["nothing typed", nothingTyped],
    ["an e-mail without a domain", { ...jeanne, email: "jeanne@" }],
    ["an e-mail with a space", { ...jeanne, email: "jeanne martin@example.fr" }],
    ["a phone too short", withAddress({ phone: "06 12 34" })],
    ["a phone starting 00", withAddress({ phone: "00 12 34 56 78" })],
    ["a phone in the +33 form", withAddress({ phone: "+33 6 12 34 56 78" })],
    ["a Belgian postal code", withAddress({ postal_code: "1000" })],
    ["a name too long", withAddress({ last_name: "M".repeat(81) })],
    ["a line too long", withAddress({ address_line1: "r".repeat(201) })],
    ["a city too long", withAddress({ city: "v".repeat(101) })],
  ];
  for (const [label, form] of cases) {
    it(`${label}: the browser says what the server would`, () => {
      expect(guestFieldErrors(form)).toEqual(serverErrors(form));
    });
  }

  it("names the fields in the form's order, as the API does", () => {
    expect(Object.keys(guestFieldErrors(nothingTyped))).toEqual(
      GUEST_FIELD_PATHS.filter((path) => path !== "guest.address.address_line2"),
    );
  });
});
