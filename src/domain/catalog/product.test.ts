import { describe, expect, it } from "vitest";
import { EMPTY_COSMETIC_INFO } from "./cosmetics";
import {
  imageUrlSchema,
  isProductView,
  isPurchasable,
  parseProductRouteId,
  productIdParamSchema,
  productSchema,
  schemaOrgAvailability,
  stockState,
} from "./product";

describe("stockState", () => {
  it.each([
    [0, 10, "out_of_stock"],
    [-1, 10, "out_of_stock"],
    [1, 10, "low"],
    [10, 10, "low"],
    [11, 10, "in_stock"],
    [3, 0, "in_stock"],
  ] as const)("stock %s, threshold %s -> %s", (stock, threshold, state) => {
    expect(stockState(stock, threshold)).toBe(state);
  });
});

describe("isPurchasable", () => {
  it.each([
    [{ stock: 5, is_active: true }, true],
    [{ stock: 0, is_active: true }, false],
    [{ stock: 5, is_active: false }, false],
  ])("%j -> %s", (product, expected) => {
    expect(isPurchasable(product)).toBe(expected);
  });
});

describe("parseProductRouteId (spec: integer, default 1)", () => {
  it.each([
    ["3", 3],
    ["42abc", 42],
    ["abc", 1],
    [undefined, 1],
    ["0", 1],
    ["-4", 1],
  ])("%j -> %s", (raw, id) => {
    expect(parseProductRouteId(raw)).toBe(id);
  });
});

describe("productIdParamSchema", () => {
  it("accepts positive integers", () => {
    expect(productIdParamSchema.parse({ id: "12" })).toEqual({ id: 12 });
  });
  it.each(["0", "-1", "1.5", "abc", "", "01", "99999999999"])("refuses %j", (id) => {
    expect(productIdParamSchema.safeParse({ id }).success).toBe(false);
  });
});

describe("imageUrlSchema", () => {
  it.each(["/images/savon.svg", "https://example.com/a.jpg", "http://cdn.example.com/x.png"])(
    "accepts %s",
    (url) => {
      expect(imageUrlSchema.safeParse(url).success).toBe(true);
    },
  );
  it.each(["", "savon.jpg", "//evil.example/x.png", "javascript:alert(1)", "ftp://x/y"])(
    "refuses %j",
    (url) => {
      expect(imageUrlSchema.safeParse(url).success).toBe(false);
    },
  );
});

describe("schemaOrgAvailability", () => {
  it("maps stock to schema.org", () => {
    expect(schemaOrgAvailability(0)).toBe("https://schema.org/OutOfStock");
    expect(schemaOrgAvailability(2)).toBe("https://schema.org/InStock");
  });
});

describe("isProductView (browser-side shape check)", () => {
  const product = {
    id: 1,
    name: "Savon",
    price: 6.9,
    weight: "200g",
    image: "/images/products/a.svg",
    description: "d",
    long_description: "",
    category: "savon",
    stock: 3,
    low_stock_threshold: 10,
    benefits: ["doux"],
    ingredients: "",
    usage: "",
    is_active: true,
    ...EMPTY_COSMETIC_INFO,
  };
  it("accepts what the API sends", () => {
    expect(isProductView(product)).toBe(true);
    expect(productSchema.safeParse(product).success).toBe(true);
  });
  it.each([
    ["a null", null],
    ["a string id", { ...product, id: "1" }],
    ["a fractional stock", { ...product, stock: 1.5 }],
    ["a missing name", { ...product, name: undefined }],
    ["benefits that are not text", { ...product, benefits: [1] }],
  ])("refuses %s", (_, value) => {
    expect(isProductView(value)).toBe(false);
  });
});
