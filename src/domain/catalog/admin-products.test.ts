import { describe, expect, it } from "vitest";
import { adminProductSchema } from "../admin/admin";
import {
  emptyProductForm,
  isImageUrl,
  missingForActivation,
  productFormFrom,
  productPayload,
  stockTone,
} from "./admin-products";
import { EMPTY_COSMETIC_INFO } from "./cosmetics";
import { DEFAULT_PRODUCT_IMAGE, type ProductView } from "./product-rules";

describe("stock badge colour (spec: red <= threshold, yellow <= 2x threshold, green above)", () => {
  it.each([
    [0, 10, "danger"],
    [10, 10, "danger"],
    [11, 10, "warning"],
    [20, 10, "warning"],
    [21, 10, "success"],
    [100, 10, "success"],
    [0, 0, "danger"],
    [1, 0, "success"],
    [3, 2, "warning"],
    [-1, 5, "danger"],
  ])("stock %i, threshold %i -> %s", (stock, threshold, tone) => {
    expect(stockTone(stock, threshold)).toBe(tone);
  });
});

describe("image URL", () => {
  it.each([
    ["https://cdn.example.fr/savon.jpg", true],
    ["http://example.fr/a.png", true],
    ["/images/products/savon.svg", true],
    ["//evil.example/a.png", false],
    ["savon.jpg", false],
    ["javascript:alert(1)", false],
    ["https://", false],
    ["", false],
  ])("%j -> %s", (text, ok) => {
    expect(isImageUrl(text)).toBe(ok);
  });
});

describe("the product form", () => {
  it("starts with the spec's defaults: stock 100, threshold 10, active, one empty benefit", () => {
    expect(emptyProductForm()).toMatchObject({
      stock: "100",
      low_stock_threshold: "10",
      is_active: true,
      benefits: [""],
    });
  });

  it("sends parsed numbers and trimmed texts without blank benefit lines, accepted by the API's schema", () => {
    const form = {
      ...emptyProductForm(),
      name: "  Savon au laurier ",
      price: "12,90",
      weight: "200g",
      image: "https://cdn.example.fr/savon.jpg",
      description: "Doux",
      stock: "abc",
      low_stock_threshold: "5",
      benefits: [" Apaise ", "", "   ", "Nourrit"],
    };
    const payload = productPayload(form);
    expect(payload).toMatchObject({
      name: "Savon au laurier",
      price: 12.9,
      stock: 0,
      low_stock_threshold: 5,
      benefits: ["Apaise", "Nourrit"],
      category: "Savons",
      is_active: true,
    });
    expect(adminProductSchema.safeParse(payload).success).toBe(true);
  });

  it("round-trips an existing product", () => {
    const product: ProductView = {
      id: 3,
      name: "Savon",
      price: 9.5,
      weight: "200g",
      image: "/images/products/savon.svg",
      description: "Court",
      long_description: "Long",
      category: "Savons premium",
      stock: 4,
      low_stock_threshold: 2,
      benefits: ["Doux"],
      ingredients: "Huile d'olive",
      usage: "Mouiller",
      is_active: false,
      reference: "SAV-1",
      gtin: "3760000000001",
      cosmetic_function: "Nettoyant",
      inci: "Sodium Olivate",
      precautions: "Éviter les yeux",
      net_weight_g: 200,
      allergens: "Aucun",
      pao_months: 12,
      durability_date: "",
    };
    const { id: _id, ...rest } = product;
    expect(productPayload(productFormFrom(product))).toEqual(rest);
    expect(productFormFrom({ ...product, benefits: [] }).benefits).toEqual([""]);
  });

  it("sends no image URL when the owner gives none, and the server stores the shop's illustration (issue 28 item 12)", () => {
    const form = { ...emptyProductForm(), name: "Savon", price: "9", weight: "200g", description: "Court" };
    const payload = productPayload(form);
    expect(payload.image).toBe("");
    const parsed = adminProductSchema.safeParse({ ...payload, is_active: false });
    expect(parsed.success && parsed.data.image).toBe(DEFAULT_PRODUCT_IMAGE);
    const { image: _image, ...withoutImage } = payload;
    const absent = adminProductSchema.safeParse({ ...withoutImage, is_active: false });
    expect(absent.success && absent.data.image).toBe(DEFAULT_PRODUCT_IMAGE);
    // The form shows the field as the owner left it: empty, not the illustration's path.
    expect(productFormFrom({ ...parsedView(), image: DEFAULT_PRODUCT_IMAGE }).image).toBe("");
    // A URL that is not one is still refused.
    expect(adminProductSchema.safeParse({ ...payload, image: "savon.png" }).success).toBe(false);
  });
});

function parsedView(): ProductView {
  return {
    id: 9,
    name: "Savon",
    price: 9,
    weight: "200g",
    image: "/images/products/savon.svg",
    description: "Court",
    long_description: "",
    category: "Savons",
    stock: 0,
    low_stock_threshold: 0,
    benefits: [],
    ingredients: "",
    usage: "",
    is_active: false,
    ...EMPTY_COSMETIC_INFO,
  };
}

describe("missingForActivation", () => {
  const complete = {
    ...emptyProductForm(),
    reference: "SAV-1",
    cosmetic_function: "Nettoyant",
    inci: "Sodium Olivate",
    precautions: "Éviter les yeux",
    net_weight_g: "200",
    allergens: "Aucun",
    pao_months: "12",
  };
  it.each([
    ["complete and active", complete, []],
    ["inactive may stay incomplete", { ...emptyProductForm(), is_active: false }, []],
    ["blank weight typed", { ...complete, net_weight_g: "abc" }, ["net_weight_g"]],
    ["spaces only in allergens", { ...complete, allergens: "   " }, ["allergens"]],
    [
      "a durability date instead of a PAO",
      { ...complete, pao_months: "", durability_date: "2027-12-31" },
      [],
    ],
    [
      "a new active form",
      emptyProductForm(),
      ["reference", "cosmetic_function", "inci", "precautions", "net_weight_g", "allergens", "durability"],
    ],
  ] as const)("%s", (_label, form, missing) => {
    expect(missingForActivation(form)).toEqual(missing);
  });
});
