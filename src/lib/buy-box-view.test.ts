import { describe, expect, it } from "vitest";
import type { Cart } from "../domain/cart/cart";
import {
  ADD_LABEL,
  ADDED_FEEDBACK_MS,
  ADDED_LABEL,
  BAG_ICON_PATH,
  buyBoxState,
  CHECK_ICON_PATH,
  stockMessage,
} from "./buy-box-view";

const soap = { id: 1, stock: 20, low_stock_threshold: 10, is_active: true };
const line = (id: number, quantity: number, stock = 20) => ({
  id,
  name: "Savon",
  price: "6.90",
  weight: "200g",
  image: "/savon.svg",
  quantity,
  stock,
});
const inCart = (quantity: number, stock = 20): Cart => [line(1, quantity, stock)];

describe("stockMessage", () => {
  it.each([
    ["in stock", soap, "En stock, expédié sous 24-48 h", "text-olive-700", "bg-olive-500"],
    [
      "low stock, at the threshold",
      { ...soap, stock: 10 },
      "Plus que 10 en stock !",
      "text-warning",
      "bg-warning",
    ],
    ["low stock", { ...soap, stock: 4 }, "Plus que 4 en stock !", "text-warning", "bg-warning"],
    ["out of stock", { ...soap, stock: 0 }, "Rupture de Stock", "text-alert", "bg-alert"],
    ["out of stock, below zero", { ...soap, stock: -2 }, "Rupture de Stock", "text-alert", "bg-alert"],
  ])("%s", (_, product, text, tone, dot) => {
    const message = stockMessage(product);
    expect(message.text).toBe(text);
    expect(message.className).toBe(`mt-3 flex min-h-7 items-center gap-2 font-semibold ${tone}`);
    expect(message.dotClassName).toBe(`inline-block size-2.5 rounded-full ${dot}`);
  });

  it("says a product no longer sold is unavailable, without a dot, whatever its stock", () => {
    expect(stockMessage({ ...soap, is_active: false })).toEqual({
      text: "Ce produit n'est plus disponible",
      className: "mt-3 flex min-h-7 items-center gap-2 font-semibold text-alert",
      dotClassName: null,
    });
  });
});

describe("buyBoxState", () => {
  it("can add a product in stock that is not in the cart", () => {
    expect(buyBoxState(soap, [], false)).toEqual({
      purchasable: true,
      inCart: 0,
      roomLeft: true,
      canAdd: true,
      label: ADD_LABEL,
      status: "",
      buttonClassName: "btn mt-4 w-full text-lg btn-primary",
      iconPath: BAG_ICON_PATH,
      cartNote: "",
    });
  });

  it("shows the feedback after an addition: the button says so and cannot add again meanwhile", () => {
    const state = buyBoxState(soap, inCart(1), true);
    expect(state).toMatchObject({
      purchasable: true,
      canAdd: false,
      label: "Ajouté au panier!",
      status: "Ajouté au panier!",
      buttonClassName: "btn mt-4 w-full text-lg bg-olive-600 text-cream-50",
      iconPath: CHECK_ICON_PATH,
      cartNote: "Déjà 1 dans votre panier.",
    });
    expect(ADDED_LABEL).toBe("Ajouté au panier!");
    expect(ADDED_FEEDBACK_MS).toBe(1000);
  });

  it("counts what the cart holds of this product only", () => {
    const cart: Cart = [...inCart(3), line(2, 5)];
    expect(buyBoxState(soap, cart, false)).toMatchObject({
      inCart: 3,
      cartNote: "Déjà 3 dans votre panier.",
    });
  });

  it("stops adding when the cart holds all the stock", () => {
    expect(buyBoxState({ ...soap, stock: 2 }, inCart(2, 2), false)).toMatchObject({
      purchasable: true,
      roomLeft: false,
      canAdd: false,
      cartNote: "Vous avez déjà tout le stock disponible dans votre panier (2).",
    });
  });

  it.each([
    ["out of stock", { ...soap, stock: 0 }],
    ["no longer sold", { ...soap, is_active: false }],
  ])("cannot buy a product %s", (_, product) => {
    expect(buyBoxState(product, [], false)).toMatchObject({ purchasable: false, canAdd: false });
  });
});
