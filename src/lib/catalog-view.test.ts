import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { cardImage, cardTitleId, loadErrorMessage, productPath, viewProductDetail } from "./catalog-view";

const photo = { id: "01abc", alt: "Le savon coupé", width: 900, height: 1200, widths: [320, 640] };

describe("cardImage", () => {
  it("is the first photo, at the card's width, when the product has photos", () => {
    expect(
      cardImage({ id: 4, name: "Savon", image: "/savon.svg", photos: [photo, { ...photo, id: "02def" }] }),
    ).toEqual({ photo, src: "/media/products/4/01abc-640.webp", alt: "Le savon coupé" });
  });

  it("is the image URL, named after the product, otherwise", () => {
    expect(cardImage({ id: 4, name: "Savon", image: "/savon.svg" })).toEqual({
      photo: null,
      src: "/savon.svg",
      alt: "Savon",
    });
    expect(cardImage({ id: 4, name: "Savon", image: "/savon.svg", photos: [] }).photo).toBeNull();
  });
});

describe("loadErrorMessage", () => {
  it("says 'Erreur: {message}' with the failure's message, as an alert", () => {
    expect(loadErrorMessage(new ApiError("HTTP 503", 503))).toEqual({
      text: "Erreur: HTTP 503",
      className: "py-16 text-center text-lg text-alert",
      role: "alert",
    });
  });

  it("falls back to 'Failed to fetch products'", () => {
    expect(loadErrorMessage(new Error("")).text).toBe("Erreur: Failed to fetch products");
    expect(loadErrorMessage("down").text).toBe("Erreur: Failed to fetch products");
  });
});

it("links and names a card after its product", () => {
  expect(productPath(12)).toBe("/product/12");
  expect(cardTitleId(12)).toBe("product-12-name");
  expect(viewProductDetail("Savon d'Alep")).toBe(" : Savon d'Alep");
});
