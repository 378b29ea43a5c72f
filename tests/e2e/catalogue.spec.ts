import { createProduct } from "../../functions/catalog/service";
import { seedProducts } from "../../functions/platform/db/seed-catalog";
import { expect, test } from "./fixtures";
import { setStock, shopDeps } from "./support";

const deps = shopDeps();
const nbsp = "\u00a0";
const euros = (value: number) => `${value.toFixed(2).replace(".", ",")}${nbsp}€`;

test.describe("home page", () => {
  test("shows the hero, the trust indicators and every seeded product", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/savon/i);
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    await expect(
      page.getByRole("button", { name: "Découvrir" }).or(page.getByRole("link", { name: "Découvrir" })),
    ).toBeVisible();
    await expect(page.getByText("500+")).toBeVisible();
    await expect(page.getByText("100%").first()).toBeVisible();
    await expect(page.getByText("15+")).toBeVisible();
    // The hero's picture, with its description.
    await expect(page.getByRole("img", { name: /^Pain de savon d'Alep estampillé/ })).toBeVisible();

    const products = page.locator("#products");
    for (const product of seedProducts) {
      await expect(products.getByRole("heading", { name: product.name })).toBeVisible();
    }
    await expect(products.getByText(euros(seedProducts[0]?.price ?? 0)).first()).toBeVisible();
    await expect(products.getByRole("link", { name: /Voir le Produit/ })).toHaveCount(seedProducts.length);

    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const productData = jsonLd.map((text) => JSON.parse(text)).filter((data) => data["@type"] === "Product");
    expect(productData).toHaveLength(seedProducts.length);
    expect(productData[0].offers.availability).toBe("https://schema.org/InStock");
    expect(productData[0].offers.priceCurrency).toBe("EUR");
  });

  test("'Découvrir' scrolls to the products and 'Voir les Bienfaits' to the about section", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByText("Découvrir", { exact: true }).click();
    await expect(page.locator("#products")).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByText("Voir les Bienfaits", { exact: true }).click();
    await expect(page.locator("#about")).toBeInViewport();
  });

  test("shows the company contact from the settings in the footer", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    await expect(footer.getByText("contact@savon-alep-artisanal.fr").first()).toBeVisible();
  });
});

test.describe("product page", () => {
  test("shows the product's details and adds it to the cart", async ({ page }) => {
    const product = seedProducts[0];
    if (!product) throw new Error("empty seed");
    await page.goto("/product/1");
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText(euros(product.price)).first()).toBeVisible();
    await expect(page.getByText(product.weight).first()).toBeVisible();
    await expect(page.getByText(product.benefits[0] ?? "").first()).toBeVisible();
    await expect(page.getByText(/2 à 3 ans/).first()).toBeVisible();
    // A product without photos shows its picture (it had an empty column since the gallery became static HTML).
    const picture = page.getByRole("main").getByRole("img", { name: product.name, exact: true });
    await expect(picture).toBeVisible();
    await expect(picture).toHaveAttribute("src", product.image);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/product\/1\/?$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      new RegExp(product.name),
    );

    const add = page.getByRole("button", { name: "Ajouter au panier" });
    await add.click();
    await expect(page.getByRole("button", { name: "Ajouté au panier!" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Ajouter au panier" })).toBeEnabled({ timeout: 3000 });
    await expect(page.getByRole("link", { name: /panier/i }).first()).toContainText("1");
  });

  test("refreshes the stock after the build: low stock warning, then out of stock", async ({ page }) => {
    await setStock(deps, 3, 4);
    await page.goto("/product/3");
    await expect(page.getByText("Plus que 4 en stock !")).toBeVisible();

    await setStock(deps, 3, 0);
    await page.reload();
    await expect(page.getByText("Rupture de Stock").first()).toBeVisible();
    // No purchase: the add-to-cart button is gone or disabled.
    const add = page.getByRole("button", { name: "Ajouter au panier" });
    if ((await add.count()) > 0) await expect(add).toBeDisabled();

    await page.goto("/");
    const card = page.locator("#products article").filter({ hasText: seedProducts[2]?.name ?? "" });
    await expect(card.getByText("Rupture de Stock")).toBeVisible();
    await setStock(deps, 3, 80);
  });

  test("an unknown product shows 'Produit non trouvé' with a link home", async ({ page }) => {
    await page.goto("/product/999999");
    await expect(page.getByText("Produit non trouvé")).toBeVisible();
    await page
      .getByRole("main")
      .getByRole("link", { name: /accueil/i })
      .click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });

  test("a product created after the build opens at /product/{id}", async ({ page }) => {
    const created = await createProduct(deps, {
      ...(seedProducts[0] as (typeof seedProducts)[number]),
      name: "Savon créé après la construction",
      stock: 12,
    });
    await page.goto(`/product/${created.id}`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Savon créé après la construction" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Ajouter au panier" })).toBeEnabled();
    await expect(
      page.getByRole("main").getByRole("img", { name: "Savon créé après la construction", exact: true }),
    ).toBeVisible();
  });
});

test("any other path shows the 404 page", async ({ page }) => {
  const response = await page.goto("/cette-page-n-existe-pas");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Non Trouvée" })).toBeVisible();
  await expect(page.getByRole("link", { name: /accueil/i }).first()).toBeVisible();
});

test("the API answers an unknown product with the JSON error shape", async ({ request }) => {
  const response = await request.get("/api/products/999999");
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ error: "Produit non trouvé", code: "PRODUCT_NOT_FOUND" });
});
