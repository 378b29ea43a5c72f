import { describe, expect, it } from "vitest";
import { type BuyBoxProduct, toBuyBoxProduct, toCartProduct } from "./product-view";

const soap: BuyBoxProduct = {
  id: 4,
  name: "Savon d'Alep 20 %",
  price: 6.9,
  weight: "200 g",
  image: "/images/4.webp",
  stock: 12,
  low_stock_threshold: 3,
  is_active: true,
  net_weight_g: 200,
};

describe("the buy box's product and the cart line it adds", () => {
  it.each(["promotion", "soldes"] as const)(
    "carry the reduction in force (« %s ») with its price",
    (kind) => {
      const reduction = { kind, reference: 8.9, percent: 22, ends_at: "2026-12-31T23:00:00.000Z" };
      const product = toBuyBoxProduct({ ...soap, reduction });
      expect(product.reduction).toEqual(reduction);
      expect(toCartProduct(product)).toMatchObject({ price: "6.90", reduction: { kind, reference: 8.9 } });
    },
  );

  it("carry none without a reduction, whether absent or null", () => {
    expect(toBuyBoxProduct(soap)).not.toHaveProperty("reduction");
    expect(toBuyBoxProduct({ ...soap, reduction: null })).not.toHaveProperty("reduction");
    expect(toCartProduct(soap)).not.toHaveProperty("reduction");
    expect(toCartProduct(soap).price).toBe("6.90");
  });
});
