import { describe, expect, it } from "vitest";
import {
  addItem,
  type Cart,
  type CartItem,
  type CartProduct,
  canAddMore,
  clear,
  itemCount,
  parseStoredCart,
  removeItem,
  updateQuantity,
} from "./cart";

const soap = (id: number, stock: number): CartProduct => ({
  id,
  name: `Savon ${id}`,
  price: "12.90",
  weight: "200g",
  image: `/images/products/savon-${id}.svg`,
  stock,
});
const line = (id: number, quantity: number, stock = 10): CartItem => ({ ...soap(id, stock), quantity });

describe("addItem", () => {
  it.each<[string, Cart, CartProduct, number | undefined, Cart]>([
    ["new item starts at 1", [], soap(1, 10), undefined, [line(1, 1)]],
    ["new item starts at the given quantity", [], soap(1, 10), 3, [line(1, 3)]],
    ["new item quantity is capped at stock", [], soap(1, 2), 5, [line(1, 2, 2)]],
    ["a quantity below 1 counts as 1", [], soap(1, 10), 0, [line(1, 1)]],
    ["existing item goes up by 1", [line(1, 2)], soap(1, 10), undefined, [line(1, 3)]],
    ["existing item goes up by 1 whatever the given quantity", [line(1, 2)], soap(1, 10), 4, [line(1, 3)]],
    ["existing item never above stock", [line(1, 3, 3)], soap(1, 3), undefined, [line(1, 3, 3)]],
    ["existing item follows a lower stock", [line(1, 5)], soap(1, 4), undefined, [line(1, 4, 4)]],
    ["nothing added at stock 0", [], soap(1, 0), undefined, []],
    ["nothing added at negative stock", [line(2, 1)], soap(1, -1), 2, [line(2, 1)]],
    [
      "other lines are kept in order",
      [line(1, 1), line(2, 1)],
      soap(3, 10),
      undefined,
      [line(1, 1), line(2, 1), line(3, 1)],
    ],
  ])("%s", (_name, cart, product, quantity, expected) => {
    expect(addItem(cart, product, quantity)).toEqual(expected);
  });

  it("does not modify the cart it receives", () => {
    const cart: Cart = Object.freeze([Object.freeze(line(1, 1))]);
    addItem(cart, soap(1, 10));
    expect(cart).toEqual([line(1, 1)]);
  });
});

describe("updateQuantity", () => {
  it.each<[string, Cart, number, number, Cart]>([
    ["sets the quantity", [line(1, 1)], 1, 4, [line(1, 4)]],
    ["caps at stock", [line(1, 1, 5)], 1, 9, [line(1, 5, 5)]],
    ["zero removes the line", [line(1, 2), line(2, 1)], 1, 0, [line(2, 1)]],
    ["negative removes the line", [line(1, 2)], 1, -3, []],
    ["NaN removes the line", [line(1, 2)], 1, Number.NaN, []],
    ["decimals are truncated", [line(1, 1)], 1, 2.7, [line(1, 2)]],
    ["unknown id changes nothing", [line(1, 2)], 9, 5, [line(1, 2)]],
  ])("%s", (_name, cart, id, quantity, expected) => {
    expect(updateQuantity(cart, id, quantity)).toEqual(expected);
  });
});

describe("removeItem and clear", () => {
  it.each<[Cart, number, Cart]>([
    [[line(1, 1), line(2, 3)], 1, [line(2, 3)]],
    [[line(1, 1)], 2, [line(1, 1)]],
    [[], 1, []],
  ])("removeItem(%j, %s)", (cart, id, expected) => {
    expect(removeItem(cart, id)).toEqual(expected);
  });

  it("clear empties the cart", () => {
    expect(clear()).toEqual([]);
  });
});

describe("itemCount", () => {
  it.each<[Cart, number]>([
    [[], 0],
    [[line(1, 1)], 1],
    [[line(1, 2), line(2, 3)], 5],
  ])("%j -> %s", (cart, count) => {
    expect(itemCount(cart)).toBe(count);
  });
});

describe("canAddMore", () => {
  it.each<[Cart, number, number, boolean]>([
    [[], 1, 3, true],
    [[line(1, 2, 3)], 1, 3, true],
    [[line(1, 3, 3)], 1, 3, false],
    [[], 1, 0, false],
  ])("%j id %s stock %s -> %s", (cart, id, stock, expected) => {
    expect(canAddMore(cart, id, stock)).toBe(expected);
  });
});

describe("parseStoredCart", () => {
  it.each<[string, unknown, Cart]>([
    ["keeps a valid cart", [line(1, 2)], [line(1, 2)]],
    ["not an array", { id: 1 }, []],
    ["null", null, []],
    [
      "drops malformed lines",
      [line(1, 2), { id: "x" }, line(2, 0), { ...line(3, 1), price: 12.9 }],
      [line(1, 2)],
    ],
    ["drops duplicate ids", [line(1, 2), line(1, 5)], [line(1, 2)]],
    ["drops lines missing a field", [{ ...line(1, 1), name: undefined }, line(2, 1)], [line(2, 1)]],
    ["drops decimal quantities", [{ ...line(1, 1), quantity: 1.5 }], []],
    ["strips unknown keys", [{ ...line(1, 2), is_admin: true }], [line(1, 2)]],
    [
      "keeps the reduction a line's price is announced with",
      [{ ...line(1, 2), reduction: { kind: "soldes", reference: 15 } }],
      [{ ...line(1, 2), reduction: { kind: "soldes", reference: 15 } }],
    ],
  ])("%s", (_name, stored, expected) => {
    expect(parseStoredCart(stored)).toEqual(expected);
  });
});
