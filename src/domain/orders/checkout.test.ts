import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { appliedPromo } from "../../../functions/promos/service";
import type { Cart } from "../cart/cart";
import { centsToDecimalText, centsToEuros } from "../money";
import { defaultSettings, shippingRuleCents } from "../settings/settings";
import { pickupMessages } from "../shipping/pickup-point";
import {
  type AppliedPromo,
  bankTransferOrderBody,
  cartTotals,
  checkoutError,
  checkoutMessages,
  defaultShippingSettings,
  deliveryShipping,
  freeShippingRemaining,
  GUEST_FIELD_PATHS,
  type GuestForm,
  guestBankTransferOrderBody,
  guestFieldErrors,
  guestMessages,
  guestOrderRequestBody,
  knownBankDetails,
  type OfferedMethods,
  ORDER_NOTES_LIMIT,
  offeredMethod,
  orderRequestBody,
  type PaymentChoice,
  parseStoredPromo,
  paypalButtonsEnabled,
  promoNeedsRevalidation,
  promoTerms,
  totalsFromPriceChange,
} from "./checkout";
import {
  bankTransferOrderSchema,
  guestBankTransferOrderSchema,
  guestDetailsSchema,
  guestOrderRequestSchema,
  ORDER_NOTES_MAX,
  orderRequestSchema,
} from "./order";
import { discountFor, priceOrder } from "./pricing";

const line = (id: number, price: string, quantity: number, stock = 50) => ({
  id,
  name: `Savon ${id}`,
  price,
  weight: "200g",
  image: `/images/${id}.jpg`,
  quantity,
  stock,
});

const cart: Cart = [line(1, "6.90", 2), line(3, "12.90", 1)];

describe("copies of the server's constants", () => {
  it("has the server's limits, defaults and messages", () => {
    expect(ORDER_NOTES_LIMIT).toBe(ORDER_NOTES_MAX);
    expect(defaultShippingSettings).toEqual({
      standard_cost: defaultSettings.shipping.standard_cost,
      free_shipping_threshold: defaultSettings.shipping.free_shipping_threshold,
    });
  });

  it("uses the server's wording for the address and sender-name checks", () => {
    const parsed = bankTransferOrderSchema.safeParse({
      items: [{ product_id: 1, quantity: 1 }],
      total_amount: 1,
    });
    const messages = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    expect(messages).toContain(checkoutMessages.addressRequired);
    expect(messages).toContain(checkoutMessages.senderNameRequired);
  });
});

describe("cartTotals", () => {
  it("prices the cart in cents with shipping below the threshold", () => {
    expect(cartTotals(cart, defaultShippingSettings, null)).toEqual({
      subtotal: 2670,
      shipping: 780,
      discount: 0,
      total: 3450,
    });
  });

  it("ships for free from the threshold", () => {
    const big = [line(5, "34.90", 3)];
    expect(cartTotals(big, defaultShippingSettings, null)).toMatchObject({ subtotal: 10470, shipping: 0 });
    expect(freeShippingRemaining(10470, defaultShippingSettings)).toBe(0);
    expect(freeShippingRemaining(2670, defaultShippingSettings)).toBe(7330);
  });

  it("never lets the discount touch shipping, nor the total go below 0", () => {
    const promo: AppliedPromo = {
      id: "P",
      code: "GROS",
      discount_type: "fixed_amount",
      discount_value: 500,
      discount_amount: 26.7,
    };
    expect(cartTotals(cart, defaultShippingSettings, promo)).toEqual({
      subtotal: 2670,
      shipping: 780,
      discount: 2670,
      total: 780,
    });
  });

  it("agrees with the server for any cart, shipping rule and promo (cap inferred from the validation)", () => {
    const promoArb = fc.record({
      type: fc.constantFrom("percentage" as const, "fixed_amount" as const),
      value: fc.integer({ min: 1, max: 10_000 }),
      cap: fc.option(fc.integer({ min: 1, max: 20_000 }), { nil: null }),
    });
    const linesArb = fc.array(
      fc.record({ cents: fc.integer({ min: 1, max: 20_000 }), quantity: fc.integer({ min: 1, max: 20 }) }),
      { minLength: 1, maxLength: 5 },
    );
    fc.assert(
      fc.property(
        linesArb,
        linesArb,
        promoArb,
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 30_000 }),
        (validatedLines, lines, p, cost, threshold) => {
          const toCart = (ls: typeof lines): Cart =>
            ls.map((l, index) => line(index + 1, centsToDecimalText(l.cents), l.quantity, 99));
          const shipping = {
            standard_cost: centsToEuros(cost),
            free_shipping_threshold: centsToEuros(threshold),
          };
          const rules = {
            discount_type: p.type,
            discount_value: p.type === "percentage" ? Math.min(p.value, 10_000) : p.value,
            max_discount_cents: p.type === "percentage" ? p.cap : null,
          };
          const serverTerms =
            rules.discount_type === "percentage"
              ? {
                  type: "percentage" as const,
                  basisPoints: rules.discount_value,
                  maxDiscount: rules.max_discount_cents,
                }
              : { type: "fixed_amount" as const, amount: rules.discount_value };
          // What POST /api/promo/validate answers for the cart it was asked about.
          const validated = toCart(validatedLines);
          const validatedSubtotal = cartTotals(validated, shipping, null).subtotal;
          const record = { id: "P1", code: "CODE", ...rules } as Parameters<typeof appliedPromo>[0];
          const answer = appliedPromo(record, discountFor(validatedSubtotal, serverTerms));
          const stored: AppliedPromo = { ...answer, subtotal_amount: centsToEuros(validatedSubtotal) };

          // Same cart as validated: exactly the server's order price.
          const server = (c: Cart) =>
            priceOrder(
              c.map((item) => ({
                unitPriceCents: Math.round(Number(item.price) * 100),
                quantity: item.quantity,
              })),
              shippingRuleCents({
                ...shipping,
                shipping_company: "Colissimo",
                pickup_cost: 0,
                pickup_free_shipping_threshold: 0,
              }),
              serverTerms,
            );
          expect(cartTotals(validated, shipping, stored)).toEqual(server(validated));
          // Another cart: exact whenever the cap (if any) showed at validation.
          const other = toCart(lines);
          const uncapped = discountFor(validatedSubtotal, { ...serverTerms, maxDiscount: null } as never);
          const capShowed = rules.max_discount_cents === null || uncapped > rules.max_discount_cents;
          if (rules.discount_type === "fixed_amount" || capShowed) {
            expect(cartTotals(other, shipping, stored)).toEqual(server(other));
          }
        },
      ),
    );
  });
});

describe("delivery to a pick-up point's figures (issue 31)", () => {
  const home = { standard_cost: 7.8, free_shipping_threshold: 100 };
  const pickup = { cost: 5.9, free_shipping_threshold: 60 };

  it("prices with the pick-up point's cost and threshold in that mode only", () => {
    expect(deliveryShipping(home, pickup, "pickup")).toEqual({
      standard_cost: 5.9,
      free_shipping_threshold: 60,
    });
    expect(deliveryShipping(home, pickup, "home")).toBe(home);
    // Not offered: home delivery's, whatever the mode says.
    expect(deliveryShipping(home, null, "pickup")).toBe(home);
    const big: Cart = [line(1, "65.00", 1)];
    expect(cartTotals(big, deliveryShipping(home, pickup, "pickup"), null)).toEqual({
      subtotal: 6500,
      shipping: 0,
      discount: 0,
      total: 6500,
    });
    expect(cartTotals(big, home, null).shipping).toBe(780);
    expect(cartTotals(cart, deliveryShipping(home, pickup, "pickup"), null)).toEqual({
      subtotal: 2670,
      shipping: 590,
      discount: 0,
      total: 3260,
    });
  });

  it("agrees with the server's pick-up rule for any cart and setting", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ cents: fc.integer({ min: 1, max: 20_000 }), quantity: fc.integer({ min: 1, max: 9 }) }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 30_000 }),
        (lines, cost, threshold) => {
          const c: Cart = lines.map((l, index) =>
            line(index + 1, centsToDecimalText(l.cents), l.quantity, 99),
          );
          const setting = {
            ...defaultSettings.shipping,
            pickup_cost: centsToEuros(cost),
            pickup_free_shipping_threshold: centsToEuros(threshold),
          };
          const figures = deliveryShipping(
            defaultShippingSettings,
            { cost: setting.pickup_cost, free_shipping_threshold: setting.pickup_free_shipping_threshold },
            "pickup",
          );
          const server = priceOrder(
            lines.map((l) => ({ unitPriceCents: l.cents, quantity: l.quantity })),
            shippingRuleCents(setting, "pickup"),
            null,
          );
          expect(cartTotals(c, figures, null)).toEqual(server);
        },
      ),
    );
  });
});

describe("applied promo", () => {
  it("reads what the store saved and refuses malformed values", () => {
    const promo = {
      id: "01P",
      code: "BIENVENUE",
      discount_type: "percentage",
      discount_value: 10,
      discount_amount: 2.67,
      subtotal_amount: 26.7,
    };
    expect(parseStoredPromo(promo)).toEqual(promo);
    expect(parseStoredPromo({ ...promo, subtotal_amount: "x" })).toEqual({
      ...promo,
      subtotal_amount: undefined,
    });
    expect(parseStoredPromo({ ...promo, discount_type: "gift" })).toBeNull();
    expect(parseStoredPromo({ ...promo, id: "" })).toBeNull();
    expect(parseStoredPromo("BIENVENUE")).toBeNull();
    expect(parseStoredPromo(null)).toBeNull();
  });

  it("infers a percentage's cap from the server's discount", () => {
    const capped: AppliedPromo = {
      id: "P",
      code: "MOITIE",
      discount_type: "percentage",
      discount_value: 50,
      discount_amount: 20,
      subtotal_amount: 100,
    };
    expect(promoTerms(capped)).toEqual({ type: "percentage", basisPoints: 5000, maxDiscount: 2000 });
    expect(promoTerms({ ...capped, discount_amount: 50 })).toEqual({
      type: "percentage",
      basisPoints: 5000,
      maxDiscount: null,
    });
    expect(promoTerms({ ...capped, discount_type: "fixed_amount", discount_value: 5 })).toEqual({
      type: "fixed_amount",
      amount: 500,
    });
  });

  it("asks the server again when the subtotal changed", () => {
    const promo: AppliedPromo = {
      id: "P",
      code: "X",
      discount_type: "percentage",
      discount_value: 10,
      discount_amount: 2.67,
      subtotal_amount: 26.7,
    };
    expect(promoNeedsRevalidation(promo, 2670)).toBe(false);
    expect(promoNeedsRevalidation(promo, 3360)).toBe(true);
    expect(promoNeedsRevalidation({ ...promo, subtotal_amount: undefined }, 2670)).toBe(true);
  });
});

describe("checkoutError", () => {
  const ok = {
    signedIn: true,
    addressId: "A1",
    paymentMethod: "bank_transfer" as const,
    senderName: "Marie Curie",
    termsAccepted: true,
  };

  it("checks in the spec's order", () => {
    expect(
      checkoutError({ ...ok, signedIn: false, addressId: null, senderName: "", termsAccepted: false }),
    ).toBe("Veuillez vous connecter pour continuer");
    expect(checkoutError({ ...ok, addressId: null, senderName: "", termsAccepted: false })).toBe(
      "Veuillez sélectionner une adresse de livraison",
    );
    expect(checkoutError({ ...ok, senderName: "  ", termsAccepted: false })).toBe(
      "Veuillez indiquer le nom de la personne qui effectuera le virement",
    );
    expect(checkoutError({ ...ok, termsAccepted: false })).toBe(
      "Veuillez accepter les conditions générales de vente pour continuer",
    );
    expect(checkoutError(ok)).toBeNull();
  });

  it("needs no sender name for PayPal", () => {
    expect(checkoutError({ ...ok, paymentMethod: "paypal", senderName: "" })).toBeNull();
  });

  it("to a pick-up point, what it lacks comes right after the address (issue 31)", () => {
    const point = pickupMessages.pointRequired;
    expect(checkoutError({ ...ok, addressId: null, deliveryProblem: point })).toBe(
      checkoutMessages.addressRequired,
    );
    expect(checkoutError({ ...ok, deliveryProblem: point, senderName: "", termsAccepted: false })).toBe(
      point,
    );
    expect(checkoutError({ ...ok, deliveryProblem: pickupMessages.mobileRequired, senderName: "" })).toBe(
      pickupMessages.mobileRequired,
    );
    expect(checkoutError({ ...ok, deliveryProblem: null, senderName: "" })).toBe(
      checkoutMessages.senderNameRequired,
    );
    expect(checkoutError({ ...ok, deliveryProblem: null })).toBeNull();
  });

  it("enables the PayPal buttons only when loaded, with an address and the terms accepted", () => {
    expect(paypalButtonsEnabled({ loading: false, addressId: "A", termsAccepted: true })).toBe(true);
    expect(paypalButtonsEnabled({ loading: true, addressId: "A", termsAccepted: true })).toBe(false);
    expect(paypalButtonsEnabled({ loading: false, addressId: null, termsAccepted: true })).toBe(false);
    expect(paypalButtonsEnabled({ loading: false, addressId: "A", termsAccepted: false })).toBe(false);
    // To a pick-up point: with nothing lacking there either (issue 31).
    const ready = { loading: false, addressId: "A", termsAccepted: true };
    expect(paypalButtonsEnabled({ ...ready, deliveryProblem: null })).toBe(true);
    expect(paypalButtonsEnabled({ ...ready, deliveryProblem: pickupMessages.pointRequired })).toBe(false);
    expect(paypalButtonsEnabled({ ...ready, deliveryProblem: pickupMessages.mobileRequired })).toBe(false);
  });
});

describe("order request bodies", () => {
  const promo: AppliedPromo = {
    id: "01PROMO",
    code: "DIX",
    discount_type: "percentage",
    discount_value: 10,
    discount_amount: 2.67,
    subtotal_amount: 26.7,
  };
  const totals = cartTotals(cart, defaultShippingSettings, promo);

  it("builds the spec's payload, accepted by the API's schemas", () => {
    const body = orderRequestBody({ cart, addressId: "01ADDR", notes: "  Sonner deux fois ", promo, totals });
    expect(body).toEqual({
      items: [
        {
          product_id: 1,
          product_name: "Savon 1",
          product_image: "/images/1.jpg",
          quantity: 2,
          unit_price: 6.9,
          total_price: 13.8,
        },
        {
          product_id: 3,
          product_name: "Savon 3",
          product_image: "/images/3.jpg",
          quantity: 1,
          unit_price: 12.9,
          total_price: 12.9,
        },
      ],
      shipping_address_id: "01ADDR",
      order_notes: "Sonner deux fois",
      promo_code_id: "01PROMO",
      promo_discount_amount: 2.67,
      total_amount: 31.83,
      delivery_mode: "home",
    });
    expect(orderRequestSchema.safeParse(body).success).toBe(true);

    const bank = bankTransferOrderBody({
      cart,
      addressId: "01ADDR",
      notes: "",
      promo: null,
      totals,
      senderName: " Marie ",
    });
    expect(bank).toMatchObject({
      order_notes: null,
      promo_code_id: null,
      promo_discount_amount: null,
      original_total: 34.5,
      payment_method: "bank_transfer",
      payment_status: "pending",
      transfer_sender_name: "Marie",
    });
    expect(bankTransferOrderSchema.safeParse(bank).success).toBe(true);
  });

  it("names the pick-up point and the mobile to a pick-up point (issue 31)", () => {
    const delivery = { mode: "pickup" as const, pointId: "R12345", phone: " 06 12 34 56 78 " };
    const body = orderRequestBody({ cart, addressId: "01ADDR", notes: "", promo: null, totals, delivery });
    expect(body).toMatchObject({
      shipping_address_id: "01ADDR",
      delivery_mode: "pickup",
      pickup_point_id: "R12345",
      pickup_phone: "06 12 34 56 78",
    });
    expect(orderRequestSchema.safeParse(body).success).toBe(true);
    const bank = bankTransferOrderBody({
      cart,
      addressId: "01ADDR",
      notes: "",
      promo: null,
      totals,
      senderName: "Marie",
      delivery,
    });
    expect(bank).toMatchObject({
      delivery_mode: "pickup",
      pickup_point_id: "R12345",
      payment_method: "bank_transfer",
    });
    expect(bankTransferOrderSchema.safeParse(bank).success).toBe(true);
    // Home delivery names no point.
    const home = orderRequestBody({ cart, addressId: "01ADDR", notes: "", promo: null, totals });
    expect(home).not.toHaveProperty("pickup_point_id");
    expect(home).not.toHaveProperty("pickup_phone");
  });

  it("reads the server's totals of a 409 PRICE_CHANGED", () => {
    expect(
      totalsFromPriceChange({
        code: "PRICE_CHANGED",
        totals: { subtotal_amount: 27.7, shipping_amount: 7.8, discount_amount: 0, total_amount: 35.5 },
      }),
    ).toEqual({ subtotal: 2770, shipping: 780, discount: 0, total: 3550 });
    expect(totalsFromPriceChange({ code: "PRICE_CHANGED" })).toBeNull();
    expect(totalsFromPriceChange({ totals: { total_amount: 1 } })).toBeNull();
  });
});

describe("bank details", () => {
  it("shows only the details the server gave, never a placeholder", () => {
    expect(knownBankDetails(null)).toBeNull();
    expect(knownBankDetails({ bic: " ", beneficiary: "Savonnerie X", bank_name: "" })).toBeNull();
    expect(
      knownBankDetails({ bic: "AGRIFRPP", beneficiary: " Mariam Haddad ", bank_name: "Crédit Agricole" }),
    ).toEqual({ bic: "AGRIFRPP", beneficiary: "Mariam Haddad", bank_name: "Crédit Agricole" });
  });
});

describe("offeredMethod", () => {
  it.each<[PaymentChoice, OfferedMethods, PaymentChoice]>([
    ["paypal", { paypal: true, bank_transfer: true }, "paypal"],
    ["bank_transfer", { paypal: true, bank_transfer: true }, "bank_transfer"],
    // PayPal not configured: bank transfer preselected.
    ["paypal", { paypal: false, bank_transfer: true }, "bank_transfer"],
    // Bank transfer not configured: PayPal.
    ["bank_transfer", { paypal: true, bank_transfer: false }, "paypal"],
    // Neither: the choice stays; the screen says the shop takes no order yet.
    ["paypal", { paypal: false, bank_transfer: false }, "paypal"],
  ])("%s with %o -> %s", (current, offered, expected) => {
    expect(offeredMethod(current, offered)).toBe(expected);
  });
});

describe("ordering without an account (issue 32)", () => {
  const jeanne: GuestForm = {
    email: " Jeanne@Example.fr ",
    address: {
      first_name: " Jeanne ",
      last_name: "Martin",
      phone: "06 12 34 56 78",
      address_line1: "3 rue des Oliviers",
      address_line2: " ",
      city: "Lyon",
      postal_code: "69001",
      country: "France",
    },
  };
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

  it("the submit checks: her details instead of the session and the address; then the same as a customer's", () => {
    const base = {
      signedIn: false,
      addressId: null,
      paymentMethod: "bank_transfer" as const,
      senderName: "Marie",
      termsAccepted: true,
    };
    expect(checkoutError({ ...base, guest: { problem: guestMessages.detailsInvalid } })).toBe(
      guestMessages.detailsInvalid,
    );
    expect(checkoutError({ ...base, guest: { problem: null } })).toBeNull();
    expect(
      checkoutError({ ...base, guest: { problem: null }, deliveryProblem: pickupMessages.pointRequired }),
    ).toBe(pickupMessages.pointRequired);
    expect(checkoutError({ ...base, guest: { problem: null }, senderName: "" })).toBe(
      checkoutMessages.senderNameRequired,
    );
    expect(checkoutError({ ...base, guest: { problem: null }, termsAccepted: false })).toBe(
      checkoutMessages.termsRequired,
    );
    // No guest: the customer's checks, unchanged.
    expect(checkoutError(base)).toBe(checkoutMessages.signInRequired);
  });

  it("PayPal's buttons: a guest needs no address chosen, the terms still", () => {
    expect(paypalButtonsEnabled({ loading: false, addressId: null, termsAccepted: true, guest: true })).toBe(
      true,
    );
    expect(paypalButtonsEnabled({ loading: false, addressId: null, termsAccepted: false, guest: true })).toBe(
      false,
    );
    expect(paypalButtonsEnabled({ loading: false, addressId: null, termsAccepted: true })).toBe(false);
  });

  it("her order bodies: the customer's without the address book's id, with her details, accepted by the API's schemas", () => {
    const totals = cartTotals(cart, defaultShippingSettings, null);
    const customer = orderRequestBody({ cart, addressId: "01ADDR", notes: " Merci ", promo: null, totals });
    const body = guestOrderRequestBody({ cart, notes: " Merci ", promo: null, totals, guest: jeanne });
    const { shipping_address_id: _id, ...shared } = customer;
    expect(body).toEqual({
      ...shared,
      guest: {
        email: "Jeanne@Example.fr",
        address: {
          first_name: "Jeanne",
          last_name: "Martin",
          phone: "06 12 34 56 78",
          address_line1: "3 rue des Oliviers",
          address_line2: null,
          city: "Lyon",
          postal_code: "69001",
          country: "France",
        },
      },
    });
    expect(guestOrderRequestSchema.safeParse(body).success).toBe(true);
    const bank = guestBankTransferOrderBody({
      cart,
      notes: "",
      promo: null,
      totals,
      guest: jeanne,
      senderName: " Marie ",
      delivery: { mode: "pickup", pointId: "R12345", phone: "06 12 34 56 78" },
    });
    expect(bank).toMatchObject({
      payment_method: "bank_transfer",
      transfer_sender_name: "Marie",
      delivery_mode: "pickup",
    });
    expect(bank).not.toHaveProperty("shipping_address_id");
    expect(guestBankTransferOrderSchema.safeParse(bank).success).toBe(true);
  });
});
