import { expect, type Locator, test } from "./fixtures";
import {
  addToCartFromProductPage,
  createProductAsOwner,
  deleteProductsAsOwner,
  expectAxeClean,
  ownerApi,
  signedInCustomer,
} from "./support";

/**
 * A reduction the owner schedules is announced where the shopper sees the price before ordering, in the same words:
 * the new price, « Promotion », the percentage off, the reference price struck through and its mention. The run keeps
 * the site built at its start, so the product is one created here (its page is the shell's island); the prebuilt
 * page's announcement is the publishing run's to check.
 */
test.use({ serviceWorkers: "block" });

const nbsp = "\u00a0";
const MENTION = "Prix de référence : le prix le plus bas des 30 jours précédant la réduction";

test("a « Promotion » is announced with its mention on the product page, in the cart and in the checkout summary", async ({
  page,
  playwright,
}) => {
  const owner = await ownerApi(playwright);
  const product = await createProductAsOwner(owner, {
    name: `Savon en promotion ${Date.now().toString(36)}`,
    price: 10,
  });
  let reductionId: string | null = null;
  try {
    // Added at the regular price: the cart's refresh must bring the line to the price the server will charge.
    await signedInCustomer(page.request, "Nina Olivier");
    await addToCartFromProductPage(page, product.id);

    const starts = new Date(Date.now() + 4000);
    const scheduled = await owner.post("/api/admin/reductions", {
      data: {
        product_ids: [product.id],
        kind: "promotion",
        change: { type: "percent", percent: 20 },
        starts_at: starts.toISOString(),
        ends_at: new Date(starts.getTime() + 3_600_000).toISOString(),
      },
    });
    expect(scheduled.status(), await scheduled.text()).toBe(201);
    reductionId = ((await scheduled.json()) as { reduction: { id: string } }).reduction.id;
    await expect
      .poll(
        async () => {
          const read = (await (await page.request.get(`/api/products/${product.id}`)).json()) as {
            price: number;
            reduction: { kind: string; reference: number; percent: number } | null;
          };
          const { kind, reference, percent } = read.reduction ?? {};
          return { price: read.price, kind, reference, percent };
        },
        { timeout: 20_000 },
      )
      .toEqual({ price: 8, kind: "promotion", reference: 10, percent: 20 });

    const expectAnnounced = async (scope: Locator) => {
      const shown = scope.locator("[data-price-reduction]");
      await expect(shown).toBeVisible();
      await expect(shown).toContainText("Promotion");
      await expect(shown).toContainText(`-20${nbsp}%`);
      await expect(shown.locator("s")).toHaveText(`Prix de référence : 10,00${nbsp}€`);
      await expect(shown.locator("s .sr-only")).toHaveText("Prix de référence :");
      await expect(shown).toContainText(MENTION);
    };

    // The product page (a product made after the build: the shell's island reads it from the API).
    await page.goto(`/product/${product.id}`);
    await expect(page.getByText(`8,00${nbsp}€`).first()).toBeVisible();
    await expectAnnounced(page.locator("main"));

    // The cart: the line comes to the price in force, announced beside it.
    await page.goto("/cart");
    const cart = page.locator("[data-cart-content]");
    await expect(cart.getByText(`Le prix de « ${product.name} » a été mis à jour.`)).toBeVisible();
    await expect(cart.getByText(`Prix unitaire : 8,00${nbsp}€`)).toBeVisible();
    await expectAnnounced(cart.locator("li", { hasText: product.name }));
    await expectAxeClean(page);

    // The checkout's summary announces the line's reduction in the same words.
    await page.goto("/payment");
    const summary = page.getByRole("complementary", { name: "Récapitulatif de la commande" });
    await expect(summary.getByText(`1 × 8,00${nbsp}€`)).toBeVisible();
    await expectAnnounced(summary.locator("li", { hasText: product.name }));
    await expectAxeClean(page);
  } finally {
    if (reductionId) {
      await owner.delete(`/api/admin/reductions/${reductionId}`, {
        headers: { "content-type": "application/json" },
      });
    }
    await deleteProductsAsOwner(owner, [product.id]);
    await owner.dispose();
  }
});
