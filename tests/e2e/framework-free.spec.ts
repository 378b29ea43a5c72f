import sharp from "sharp";
import { createProduct } from "../../functions/catalog/service";
import { seedProducts } from "../../functions/platform/db/seed-catalog";
import { E2E_ADMIN } from "../../playwright.config";
import { type APIRequestContext, expect, type Page, test } from "./fixtures";
import { loadedScripts, moduleGraph } from "./module-graph";
import { holdRequests, shopDeps } from "./support";

/**
 * Content pages without a framework runtime (issue 17): the home page's product grid and the prebuilt product pages'
 * buy box and gallery are static HTML (the React components rendered by the build, no client directive), brought to
 * life by small framework-free scripts (src/scripts/storefront/) over the same cart store and rules.
 *
 * The header is framework-free too and the sign-in dialog loads on demand: no script these pages load holds React.
 * The scripts come after the page's first paint (src/scripts/inline/deferred-assets.js); each enhanced block says
 * when it works (data-ready).
 */
test.use({ serviceWorkers: "block" });

/** The publishing run (npm run test:e2e:publishing) runs only the gallery's test, at the end of this file. */
const publishingRun = process.env.E2E_SITE_PUBLISH === "on";

const nbsp = "\u00a0";
const euros = (value: number) => `${value.toFixed(2).replace(".", ",")}${nbsp}€`;
/** What only React's code holds (never a file name: a loader may list the sign-in dialog's chunks): its root marker, its element symbols. */
const REACT = /__reactContainer|react\.transitional\.element|Symbol\.for\("react\.element"\)/;

/** The module scripts the page's content (its <main>) loads, and everything they import statically, with bodies. */
async function contentScripts(request: APIRequestContext, pageUrl: string): Promise<Map<string, string>> {
  const html = await (await request.get(pageUrl)).text();
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  expect(main, "the page's content is no island").not.toContain("<astro-island");
  const entries = [
    // A module script, or the placeholder the critical-CSS step turns it into until the first paint.
    ...main.matchAll(
      /<(?:script\b[^>]*\btype="module"|template data-deferred-module)[^>]*\b(?:data-)?src="([^"]+)"/g,
    ),
  ].map(([, src]) => new URL(src as string, pageUrl).href);
  expect(entries.length, "the content's own scripts").toBeGreaterThan(0);
  const graph = await moduleGraph(request, entries);
  return new Map([...graph].map(([url, body]) => [url, body.toString("utf8")]));
}

test.describe("static content, framework-free scripts", () => {
  test.skip(publishingRun, "run by the main suite");

  for (const path of ["/", "/product/1", "/cart", "/Cart"]) {
    test(`${path}: no script the page loads holds React`, async ({ page, request, baseURL }) => {
      const pageUrl = new URL(path, baseURL).href;
      const scripts = await contentScripts(request, pageUrl);
      for (const [url, body] of scripts) {
        expect(body, url).not.toMatch(REACT);
        expect(body, url).not.toContain("ZodError");
      }

      // In the browser: the content's scripts are loaded, and none of the loaded scripts holds React.
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const loaded = await loadedScripts(page);
      for (const url of scripts.keys()) expect(loaded, url).toContain(url);
      expect(await page.locator("astro-island").count()).toBe(0);
      for (const url of loaded) expect(await (await request.get(url)).text(), url).not.toMatch(REACT);
    });
  }

  test.describe("the product page's buy box", () => {
    test("adds to the cart with 1 s of feedback; the cart line and the header badge follow", async ({
      page,
      context,
    }) => {
      await page.goto("/product/1");
      const box = page.locator("[data-buy-box][data-ready]");
      const add = box.getByRole("button", { name: "Ajouter au panier" });
      // The header's cart link, whatever renders its badge (its visible text: no inline script's).
      const badge = page.locator("header a[href='/cart']").first();
      await expect(badge).not.toContainText(/\d/, { useInnerText: true });
      await expect(add).toBeEnabled();
      await expect(add).toHaveAttribute("aria-disabled", "false");

      // The feedback, timed in the page: from the click to the button's text coming back.
      const feedback = page.evaluate(
        () =>
          new Promise<{ shown: boolean; ms: number }>((resolve) => {
            const button = document.querySelector<HTMLButtonElement>(
              "[data-buy-box-add]",
            ) as HTMLButtonElement;
            let shown = false;
            const start = performance.now();
            new MutationObserver(() => {
              if (button.textContent === "Ajouté au panier!") shown = true;
              else if (shown && button.textContent === "Ajouter au panier")
                resolve({ shown, ms: performance.now() - start });
            }).observe(button, { subtree: true, childList: true, characterData: true });
            button.click();
          }),
      );
      await expect(box.getByRole("button", { name: "Ajouté au panier!" })).toHaveAttribute(
        "aria-disabled",
        "true",
      );
      await expect(box.getByRole("status")).toHaveText("Ajouté au panier!");
      await expect(box.getByText("Déjà 1 dans votre panier.")).toBeVisible();
      await expect(box.getByRole("link", { name: "Voir le panier" })).toHaveAttribute("href", "/cart");
      await expect(badge).toContainText("1", { useInnerText: true });
      const { shown, ms } = await feedback;
      expect(shown).toBe(true);
      expect(ms).toBeGreaterThanOrEqual(990);
      expect(ms).toBeLessThan(2500);
      await expect(add).toHaveAttribute("aria-disabled", "false");
      await expect(box.getByRole("status")).toHaveText("");

      // Another tab adds one more: this page's line follows the stored cart.
      const other = await context.newPage();
      await other.goto("/product/1");
      await other
        .locator("[data-buy-box][data-ready]")
        .getByRole("button", { name: "Ajouter au panier" })
        .click();
      await expect(other.getByText("Déjà 2 dans votre panier.")).toBeVisible();
      await expect(box.getByText("Déjà 2 dans votre panier.")).toBeVisible();
      await expect(badge).toContainText("2", { useInnerText: true });
      await other.close();

      // And the cart page has the line.
      await page.goto("/cart");
      await expect(page.getByRole("heading", { name: seedProducts[0]?.name ?? "" })).toBeVisible();
    });

    test("stops at the stock: the cart holds it all", async ({ page }) => {
      await page.route("**/api/products/1", async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), stock: 1 } });
      });
      await page.goto("/product/1");
      const box = page.locator("[data-buy-box][data-ready]");
      await expect(box.getByText("Plus que 1 en stock !")).toBeVisible();
      await box.getByRole("button", { name: "Ajouter au panier" }).click();
      await expect(
        box.getByText("Vous avez déjà tout le stock disponible dans votre panier (1)."),
      ).toBeVisible();
      // After the feedback, the button stays enabled but adds nothing more.
      await expect(box.getByRole("button", { name: "Ajouter au panier" })).toHaveAttribute(
        "aria-disabled",
        "true",
        {
          timeout: 3000,
        },
      );
      await box.getByRole("button", { name: "Ajouter au panier" }).click({ force: true });
      await expect(box.getByRole("status")).toHaveText("");
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]")[0]?.quantity)).toBe(
        1,
      );
    });

    test("refreshes price and stock from the API after load, and says when the product is no longer sold", async ({
      page,
    }) => {
      let answer: "changed" | "gone" = "changed";
      await page.route("**/api/products/1", async (route) => {
        if (answer === "gone")
          return route.fulfill({
            status: 404,
            json: { error: "Produit non trouvé", code: "PRODUCT_NOT_FOUND" },
          });
        const response = await route.fetch();
        return route.fulfill({ response, json: { ...(await response.json()), price: 7.5, stock: 4 } });
      });
      await page.goto("/product/1");
      const box = page.locator("[data-buy-box][data-ready]");
      await expect(box.getByText(euros(7.5))).toBeVisible();
      await expect(box.getByText("Plus que 4 en stock !")).toBeVisible();
      await box.getByRole("button", { name: "Ajouter au panier" }).click();
      await expect(box.getByText("Déjà 1 dans votre panier.")).toBeVisible();
      // The cart line takes the refreshed price.
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]")[0]?.price)).toBe(
        "7.50",
      );

      answer = "gone";
      await page.reload();
      await expect(box.getByText("Ce produit n'est plus disponible")).toBeVisible();
      await expect(box.getByRole("button", { name: "Ajouter au panier" })).toBeDisabled();
    });
  });

  test.describe("the home page's grid", () => {
    const cardOf = (page: Page, name: string) =>
      page.locator("#products article").filter({ has: page.getByRole("heading", { name, exact: true }) });

    async function productData(page: Page): Promise<Record<string, unknown>[]> {
      return (await page.locator("#products script[type='application/ld+json']").allTextContents())
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .filter((data) => data["@type"] === "Product");
    }

    test("a product added after the build gets its card, with its link and structured data", async ({
      page,
    }) => {
      const name = `Savon ajouté après la construction ${Date.now().toString(36)}`;
      const created = await createProduct(shopDeps(), {
        ...(seedProducts[1] as (typeof seedProducts)[number]),
        name,
        price: 11.2,
        stock: 7,
      });
      await page.goto("/");
      const card = cardOf(page, name);
      await expect(card).toBeVisible();
      await expect(card.getByText(euros(11.2))).toBeVisible();
      await expect(card.getByRole("link", { name: `Voir le Produit : ${name}` })).toHaveAttribute(
        "href",
        `/product/${created.id}`,
      );
      await expect(card.getByRole("img", { name })).toBeVisible();
      const products = (await (await page.request.get("/api/products")).json()) as unknown[];
      await expect(page.locator("#products article")).toHaveCount(products.length);
      await expect.poll(async () => (await productData(page)).length).toBe(products.length);
      expect((await productData(page)).find((data) => data.name === name)).toMatchObject({
        "@id": expect.stringMatching(new RegExp(`/product/${created.id}$`)),
        offers: { price: "11.20", availability: "https://schema.org/InStock" },
      });
    });

    test("a refresh updates the cards in place (no layout shift) and removes the products no longer sold", async ({
      page,
    }) => {
      const [first, second, third] = seedProducts as (typeof seedProducts)[number][];
      if (!first || !second || !third) throw new Error("seed of 3 products at least");
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      /** How many products the refresh answers. */
      let count = 0;
      await page.route("**/api/products", async (route) => {
        const response = await route.fetch();
        const products = (await response.json()) as { name: string; price: number; stock: number }[];
        const refreshed = products
          .filter((product) => product.name !== second.name)
          .map((product) =>
            product.name === first.name
              ? { ...product, price: 5.5 }
              : product.name === third.name
                ? { ...product, stock: 0 }
                : product,
          );
        count = refreshed.length;
        await held;
        await route.fulfill({ response, json: refreshed });
      });
      await page.goto("/");
      const firstCard = cardOf(page, first.name);
      await expect(firstCard.getByText(euros(first.price))).toBeVisible();
      const before = await firstCard.boundingBox();

      release();
      await expect(firstCard.getByText(euros(5.5))).toBeVisible();
      await expect(cardOf(page, second.name)).toHaveCount(0);
      await expect(page.locator("#products article")).toHaveCount(count);
      const soldOut = cardOf(page, third.name);
      await expect(soldOut.getByRole("button", { name: "Rupture de Stock" })).toBeDisabled();
      await expect(soldOut.getByRole("link")).toHaveCount(0);
      expect(await firstCard.boundingBox()).toEqual(before);
      const data = await productData(page);
      expect(data).toHaveLength(count);
      expect(data.find((item) => item.name === first.name)).toMatchObject({ offers: { price: "5.50" } });
      expect(data.find((item) => item.name === third.name)).toMatchObject({
        offers: { availability: "https://schema.org/OutOfStock" },
      });
    });

    /** The home page as a build with no product prints it: the grid says it is loading. */
    async function builtWithoutProducts(page: Page) {
      await page.route(
        (url) => url.pathname === "/",
        async (route) => {
          const response = await route.fetch();
          const body = (await response.text()).replace(
            /(<div class="mt-12" data-product-grid[^>]*>)[\s\S]*?(<\/div>\s*<template)/,
            '$1<p role="status" class="py-16 text-center text-lg text-ink-soft">Chargement des produits...</p>$2',
          );
          await route.fulfill({ response, body });
        },
      );
    }

    test("built without products: the cards come from the template once loaded", async ({ page }) => {
      await builtWithoutProducts(page);
      const release = await holdRequests(page, "**/api/products");
      await page.goto("/");
      await expect(page.locator("#products").getByRole("status")).toHaveText("Chargement des produits...");
      await expect(page.locator("#products article")).toHaveCount(0);
      release();
      const products = (await (await page.request.get("/api/products")).json()) as {
        id: number;
        name: string;
      }[];
      await expect(page.locator("#products article")).toHaveCount(products.length);
      for (const product of products.slice(0, 3)) {
        await expect(
          cardOf(page, product.name).getByRole("link", { name: `Voir le Produit : ${product.name}` }),
        ).toHaveAttribute("href", `/product/${product.id}`);
      }
      expect(await productData(page)).toHaveLength(products.length);
      await expect(page.locator("#products").getByRole("status")).toHaveCount(0);
    });

    test("built without products: a failed load says 'Erreur: {message}'", async ({ page }) => {
      await builtWithoutProducts(page);
      await page.route("**/api/products", (route) =>
        route.fulfill({ status: 503, json: { error: "Service indisponible" } }),
      );
      await page.goto("/");
      await expect(page.locator("#products").getByRole("alert")).toHaveText("Erreur: Service indisponible");
    });
  });
});

/**
 * The gallery of a prebuilt page needs a page built with photos: the owner's upload republishes it, which only the
 * publishing run does (npm run test:e2e:publishing, or E2E_SITE_PUBLISH=on with this file).
 */
test.describe("the prebuilt product page's gallery", () => {
  test.skip(!publishingRun, "needs a republished page: npm run test:e2e:publishing");

  test("thumbnails by keyboard, swipe, zoom dialog with Escape and the focus back", async ({ page }) => {
    test.setTimeout(180_000);
    expect((await page.request.post("/api/auth/signin", { data: E2E_ADMIN })).ok()).toBe(true);
    const product = (await (await page.request.get("/api/products/4")).json()) as {
      id: number;
      name: string;
    };
    for (const [alt, width, height, colour] of [
      ["Face du savon", 1200, 900, "#6b7d35"],
      ["Le savon coupé", 900, 1200, "#d8b877"],
    ] as const) {
      const photo = await sharp({ create: { width, height, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
      const upload = await page.request.post(
        `/api/admin/photos/${product.id}?alt=${encodeURIComponent(alt)}`,
        { headers: { "content-type": "image/jpeg" }, data: photo },
      );
      expect(upload.status()).toBe(201);
    }
    await expect
      .poll(
        async () =>
          (
            await page.request.get(`/product/${product.id}`, { headers: { "cache-control": "no-cache" } })
          ).text(),
        { timeout: 90_000, intervals: [1000] },
      )
      .toMatch(/data-gallery=.*Le savon coupé/);

    await page.goto(`/product/${product.id}`);
    expect(await page.locator("astro-island [data-testid='gallery-main']").count()).toBe(0);
    await expect(page.locator("[data-gallery][data-ready]")).toHaveCount(1);
    const main = page.getByTestId("gallery-main");
    await expect(main.getByRole("img", { name: "Face du savon" })).toBeVisible();
    await expect(main.getByText("1 / 2")).toBeVisible();

    const thumbs = page.getByRole("group", { name: `Photos de ${product.name}` });
    await thumbs.getByRole("button", { name: /^Photo 1 sur 2/ }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(thumbs.getByRole("button", { name: /^Photo 2 sur 2/ })).toBeFocused();
    await expect(thumbs.getByRole("button", { name: /^Photo 2 sur 2/ })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(main.getByRole("img", { name: "Le savon coupé" })).toBeVisible();
    await expect(main.getByRole("img")).toHaveAttribute("height", String(Math.round((1200 * 800) / 900)));
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowRight");
    await expect(thumbs.getByRole("button", { name: /^Photo 1 sur 2/ })).toBeFocused();

    // A swipe leftwards shows the next photo (a finger's pointer events: a mouse would drag the image instead).
    const picture = main.locator("picture");
    await picture.dispatchEvent("pointerdown", { pointerType: "touch", clientX: 300, isPrimary: true });
    await picture.dispatchEvent("pointerup", { pointerType: "touch", clientX: 200, isPrimary: true });
    await expect(main.getByText("2 / 2")).toBeVisible();

    const agrandir = main.getByRole("button", { name: /^Agrandir la photo : Le savon coupé/ });
    await agrandir.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: `${product.name} : photo 2 sur 2` })).toBeVisible();
    const zoom = page.getByRole("dialog");
    await expect(page.getByTestId("zoomed-photo").getByRole("img")).toHaveAttribute("width", "1280");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("dialog", { name: `${product.name} : photo 1 sur 2` })).toBeVisible();
    await zoom.getByRole("button", { name: "Zoomer" }).click();
    await expect(zoom.getByRole("button", { name: "Ajuster à l'écran" })).toBeVisible();
    await expect(page.getByTestId("zoomed-photo")).toHaveClass(/overflow-auto/);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(main.getByRole("button", { name: /^Agrandir la photo : Face du savon/ })).toBeFocused();

    // Reopened: fitted to the screen again; « Fermer » closes it.
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Zoomer" })).toBeVisible();
    await page.getByRole("button", { name: "Fermer" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(main.getByRole("button", { name: /^Agrandir/ })).toBeFocused();
  });
});
