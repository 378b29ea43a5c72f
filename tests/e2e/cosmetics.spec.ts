import { seedProducts } from "../../functions/platform/db/seed-catalog";
import { expect, test } from "./fixtures";

/**
 * Cosmetics and product-safety information before purchase (decision record 015: L111-1, Regulation (EC)
 * 1223/2009 art. 19, Regulation (EU) 2023/988 art. 19) and the unit price (arrêté du 16 novembre 1999).
 */
const nbsp = "\u00a0";
const perKg = (text: string) => `${text}${nbsp}€ / kg`;

test("a prebuilt product page shows the composition, the product safety block and the unit price", async ({
  page,
  request,
}) => {
  const company = (await (await request.get("/api/settings/company")).json()) as {
    legal_name: string;
    address: string;
    email: string;
  };
  await page.goto("/product/1");
  const seed = seedProducts[0] as (typeof seedProducts)[number];
  await expect(page.getByRole("heading", { level: 1, name: seed.name })).toBeVisible();

  const composition = page.getByRole("region", { name: "Composition et utilisation" });
  await expect(composition).toBeVisible();
  for (const text of [
    "Fonction",
    seed.cosmetic_function,
    "Ingrédients (INCI)",
    "Sodium Olivate, Sodium Laurate, Aqua, Glycerin, Sodium Hydroxide",
    "Allergènes",
    seed.allergens,
    "Précautions d'emploi",
    "Quantité nominale",
    "200 g",
    "12 mois après ouverture (12M)",
  ]) {
    await expect(composition).toContainText(text);
  }

  const safety = page.getByRole("region", { name: "Sécurité du produit" });
  // The manufacturer is who sells: the legal name the owner gave (Regulation (EU) 2023/988 art. 19(a)).
  for (const text of [company.legal_name, company.address, company.email, "SAL-TRAD-200", seed.precautions]) {
    await expect(safety).toContainText(text);
  }

  await expect(page.getByTestId("unit-price")).toHaveText(`Soit ${perKg("34,50")}`);

  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents())
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((data) => data["@type"] === "Product");
  expect(jsonLd).toMatchObject({
    sku: "SAL-TRAD-200",
    weight: { "@type": "QuantitativeValue", value: 200, unitCode: "GRM" },
    manufacturer: {
      "@type": "Organization",
      name: company.legal_name,
      email: company.email,
      address: company.address,
    },
  });
  expect(jsonLd).not.toHaveProperty("gtin");
});

test("every card of the home page shows the price per kilogram next to the price", async ({ page }) => {
  await page.goto("/");
  // Each seed product's card, found by its name: products other specs create join the grid when it refreshes.
  const card = (name: string) =>
    page
      .locator("#products article")
      .filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });
  // 6,90 €/200 g, 9,90 €/200 g, 12,90 €/200 g, 26,90 €/600 g, 34,90 €/600 g (nearest cent).
  const expected = ["34,50", "49,50", "64,50", "44,83", "58,17"].map(perKg);
  expect(expected).toHaveLength(seedProducts.length);
  for (const [index, text] of expected.entries()) {
    const seed = seedProducts[index] as (typeof seedProducts)[number];
    await expect(card(seed.name).getByTestId("unit-price")).toHaveText(text);
  }
});
