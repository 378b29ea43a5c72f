import { describe, expect, it } from "vitest";
import { productJsonLd, serializeJsonLd } from "./structured-data";

const soap = {
  id: 3,
  name: "Savon d'Alep Premium",
  price: 12.9,
  image: "/images/savon.webp",
  description: "Un savon.",
  stock: 4,
  reference: "SAL-PREM-200",
  gtin: "",
  net_weight_g: 200,
};

describe("productJsonLd", () => {
  it("names the manufacturer the product page shows (GPSR art. 19), when given", () => {
    const data = productJsonLd(soap, "https://savon.example", {
      name: "Savonnerie d'Alep Artisanale",
      address: "12 rue des Oliviers, 84000 Avignon, France",
      email: "contact@savon.example",
    });
    expect(data.manufacturer).toEqual({
      "@type": "Organization",
      name: "Savonnerie d'Alep Artisanale",
      email: "contact@savon.example",
      address: "12 rue des Oliviers, 84000 Avignon, France",
    });
    expect(data).toMatchObject({ sku: "SAL-PREM-200", offers: { price: "12.90", priceCurrency: "EUR" } });
    expect(data).not.toHaveProperty("gtin");
  });

  it("leaves it out for the product cards, which do not print it", () => {
    expect(productJsonLd(soap, "https://savon.example")).not.toHaveProperty("manufacturer");
  });

  it("serialises so that no text can close the script", () => {
    expect(serializeJsonLd({ name: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});
