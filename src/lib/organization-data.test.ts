import { describe, expect, it } from "vitest";
import { organizationJsonLd, postalAddress } from "./organization-data";

describe("postalAddress", () => {
  it.each([
    [
      "12 rue des Oliviers, 84000 Avignon, France",
      {
        streetAddress: "12 rue des Oliviers",
        postalCode: "84000",
        addressLocality: "Avignon",
        addressCountry: "FR",
      },
    ],
    [
      "3 place du Marché, Bât. B, 13001 Marseille",
      {
        streetAddress: "3 place du Marché, Bât. B",
        postalCode: "13001",
        addressLocality: "Marseille",
        addressCountry: "FR",
      },
    ],
  ])("%s", (address, parts) => {
    expect(postalAddress(address)).toEqual({ "@type": "PostalAddress", ...parts });
  });

  it("gives up on what it cannot read", () => {
    expect(postalAddress("")).toBeNull();
    expect(postalAddress("Avignon")).toBeNull();
  });
});

describe("organizationJsonLd", () => {
  it("describes the shop with absolute URLs and its contact", () => {
    const data = organizationJsonLd(
      {
        name: "Savonnerie d'Alep Artisanale",
        email: "contact@savon.example",
        phone: "04 90 00 00 00",
        address: "12 rue des Oliviers, 84000 Avignon, France",
      },
      "https://savon.example",
    );
    expect(data).toMatchObject({
      "@type": "OnlineStore",
      name: "Savonnerie d'Alep Artisanale",
      url: "https://savon.example/",
      logo: "https://savon.example/icons/icon-512.png",
      telephone: "04 90 00 00 00",
      address: { postalCode: "84000" },
    });
  });

  it("leaves out an empty phone", () => {
    const data = organizationJsonLd(
      { name: "S", email: "a@b.fr", phone: "", address: "" },
      "https://x.example",
    );
    expect(data).not.toHaveProperty("telephone");
    expect(data).not.toHaveProperty("address");
  });
});
