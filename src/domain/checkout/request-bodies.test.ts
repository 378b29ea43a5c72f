import { describe, expect, it } from "vitest";
import {
  bankTransferOrderSchema,
  guestBankTransferOrderSchema,
  guestOrderRequestSchema,
  orderRequestSchema,
} from "../orders/order";
import { cart, jeanne } from "./fixtures";
import {
  bankTransferOrderBody,
  guestBankTransferOrderBody,
  guestOrderRequestBody,
  orderRequestBody,
} from "./request-bodies";
import { type AppliedPromo, cartTotals, defaultShippingSettings } from "./totals";

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
});

describe("ordering without an account (issue 32)", () => {
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
