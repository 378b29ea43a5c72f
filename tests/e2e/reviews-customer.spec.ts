import { FRENCH_ADDRESS } from "../support/addresses";
import { type APIRequestContext, expect, type Locator, type Page, test } from "./fixtures";
import { customerWithTransferOrder, expectAxeClean, ownerApi, updateOrderAsOwner } from "./support";

/**
 * The author's side of verified reviews, keyboard only and axe-clean: a signed-in customer reviews a delivered
 * order's soap from « Mes commandes », sees it waiting for moderation, changes it and withdraws it; a guest reviews
 * hers from her order's link as the invitation mail gives it (`?avis=1#acces=…`); an order not delivered offers no
 * review, and the server refuses one.
 */
test.use({ serviceWorkers: "block" });

const PENDING = "En attente de modération";

/** Presses Tab (Shift+Tab when `back`) until `target` has the focus: the keyboard's way to reach it. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
}

/** Reaches a text field with Tab, empties it and types `text`. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.keyboard.type(text);
}

/**
 * Chooses `stars` with the keyboard: Tab into the group (onto its checked radio, else its first), Space when none
 * is checked yet, then the arrows as on any radio group.
 */
async function rate(page: Page, form: Locator, stars: number): Promise<void> {
  const group = form.getByRole("group", { name: "Note" });
  const checked = group.locator("input:checked");
  let current = (await checked.count()) ? Number(await checked.getAttribute("value")) : 0;
  await tabTo(page, current ? checked : group.getByRole("radio").first());
  if (!current) {
    await page.keyboard.press("Space");
    current = 1;
  }
  for (; current < stars; current++) await page.keyboard.press("ArrowRight");
  for (; current > stars; current--) await page.keyboard.press("ArrowLeft");
  await expect(
    group.getByRole("radio", { name: `${stars} étoile${stars > 1 ? "s" : ""} sur 5` }),
  ).toBeChecked();
}

async function deliver(orderId: string, owner: APIRequestContext): Promise<void> {
  await updateOrderAsOwner(owner, orderId, { status: "delivered", payment_status: "completed" });
}

test.describe("reviews by their authors", () => {
  let owner: APIRequestContext;
  test.beforeAll(async ({ playwright }) => {
    owner = await ownerApi(playwright);
  });
  test.afterAll(async () => {
    await owner.dispose();
  });

  test("a customer reviews a delivered order from « Mes commandes », changes and withdraws it", async ({
    page,
  }) => {
    const order = await customerWithTransferOrder(page.request, "Inès Garnier");
    await deliver(order.id, owner);
    const product = (await (await page.request.get("/api/products/1")).json()) as { name: string };

    await page.goto("/orders");
    const card = page.getByRole("article", { name: `Commande #${order.order_number}` });
    const opener = card.getByRole("button", {
      name: `Laisser un avis sur la commande #${order.order_number}`,
    });
    await expect(opener).toHaveAttribute("aria-expanded", "false");
    await expectAxeClean(page);
    await tabTo(page, opener);
    await page.keyboard.press("Enter");

    const panel = page.getByRole("region", { name: "Votre avis sur ces produits" });
    await expect(panel.getByRole("heading", { name: "Votre avis sur ces produits" })).toBeFocused();
    await expect(opener).toHaveAttribute("aria-expanded", "true");
    await expect(opener).toHaveAttribute("aria-controls", (await panel.getAttribute("id")) ?? "missing");
    await expect(
      panel.getByText("Votre avis sera relu avant publication, sous 5 jours au plus."),
    ).toBeVisible();
    await expect(panel.getByText("Aucune contrepartie n'est offerte en échange d'un avis.")).toBeVisible();
    await expect(panel.getByRole("link", { name: "Règles de publication des avis" })).toHaveAttribute(
      "href",
      "/avis-clients",
    );
    const form = panel.getByRole("form", { name: `Avis sur ${product.name}` });
    await expect(form.getByLabel("Nom affiché avec l'avis")).toHaveValue("Inès G.");
    await expectAxeClean(page);

    // Sent empty: each message beside its field, the focus on the first (the rating).
    const send = form.getByRole("button", { name: "Envoyer mon avis" });
    await tabTo(page, send);
    await page.keyboard.press("Enter");
    await expect(form.getByRole("radio", { name: "1 étoile sur 5" })).toBeFocused();
    await expect(form.getByRole("group", { name: "Note" })).toHaveAccessibleDescription(
      "La note va de 1 à 5 étoiles.",
    );
    await expect(form.getByLabel("Titre")).toHaveAccessibleDescription("Le titre est obligatoire.");
    await expect(form.getByLabel("Votre avis")).toHaveAccessibleDescription(
      "Votre avis doit compter au moins 10 caractères.",
    );
    await expectAxeClean(page);

    await rate(page, form, 4);
    await typeInto(page, form.getByLabel("Titre"), "Très doux");
    await typeInto(page, form.getByLabel("Votre avis"), "Il mousse bien et ne dessèche pas la peau.");
    await expect(form.getByLabel("Votre avis")).toHaveAccessibleDescription("42 / 2000 caractères");

    // Two presses of Enter send one review.
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/api/reviews/orders/"))
        posts.push(request.url());
    });
    await tabTo(page, send);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    const status = panel.getByText(`Statut de votre avis : ${PENDING}`);
    await expect(status).toBeFocused();
    expect(posts).toHaveLength(1);
    await expect(panel.getByText("Très doux")).toBeVisible();
    await expect(panel.getByText("4 étoiles sur 5")).toBeAttached();
    await expectAxeClean(page);

    // « Modifier »: the form again with what she wrote; the change goes back to moderation.
    await tabTo(page, panel.getByRole("button", { name: "Modifier mon avis" }));
    await page.keyboard.press("Enter");
    await expect(form.getByRole("radio", { name: "4 étoiles sur 5" })).toBeFocused();
    await rate(page, form, 3);
    await typeInto(page, form.getByLabel("Titre"), "Doux, un peu cher");
    await tabTo(page, form.getByRole("button", { name: "Enregistrer les modifications" }));
    await page.keyboard.press("Enter");
    await expect(status).toBeFocused();
    await expect(panel.getByText("Doux, un peu cher")).toBeVisible();
    await expect(panel.getByText("3 étoiles sur 5")).toBeAttached();
    const stored = (await (await page.request.get(`/api/reviews/orders/${order.id}`)).json()) as {
      reviews: { rating: number; title: string; status: string }[];
    };
    expect(stored.reviews).toEqual([
      expect.objectContaining({ rating: 3, title: "Doux, un peu cher", status: "pending" }),
    ]);

    // « Retirer » after a confirmation: the review is gone, the form is back.
    const confirmations: string[] = [];
    page.once("dialog", async (dialog) => {
      confirmations.push(dialog.message());
      await dialog.accept();
    });
    await tabTo(page, panel.getByRole("button", { name: "Retirer mon avis" }));
    await page.keyboard.press("Enter");
    await expect(panel.getByText("Votre avis est retiré.")).toBeVisible();
    expect(confirmations).toEqual(["Retirer cet avis ? Il sera supprimé et ne pourra pas être rétabli."]);
    await expect(panel.getByRole("button", { name: "Envoyer mon avis" })).toBeVisible();
    expect(
      ((await (await page.request.get(`/api/reviews/orders/${order.id}`)).json()) as { reviews: [] }).reviews,
    ).toEqual([]);

    // A refusal of the server (a review sent meanwhile from elsewhere) is announced and takes the focus.
    const elsewhere = await page.request.post(`/api/reviews/orders/${order.id}/products/1`, {
      data: { rating: 5, title: "Parfait", text: "Envoyé depuis un autre onglet.", shown_name: "Inès G." },
    });
    expect(elsewhere.status()).toBe(201);
    await rate(page, form, 5);
    await typeInto(page, form.getByLabel("Titre"), "Encore");
    await typeInto(page, form.getByLabel("Votre avis"), "Un second avis sur le même savon.");
    await tabTo(page, form.getByRole("button", { name: "Envoyer mon avis" }));
    await page.keyboard.press("Enter");
    const alert = panel.getByRole("alert");
    await expect(alert).toContainText("Vous avez déjà laissé un avis sur ce produit");
    await expect(alert.locator("..")).toBeFocused();
    await expectAxeClean(page);

    // « Fermer » gives the focus back to the opener.
    await tabTo(page, panel.getByRole("button", { name: "Fermer les avis" }), { back: true });
    await page.keyboard.press("Enter");
    await expect(opener).toBeFocused();
    await expect(opener).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toHaveCount(0);
  });

  test("a guest reviews her delivered order from her link", async ({ page }) => {
    const products = (await (await page.request.get("/api/products")).json()) as {
      id: number;
      name: string;
      price: number;
      stock: number;
    }[];
    const product = products.find((one) => one.stock > 5);
    if (!product) throw new Error("no product in stock");
    const shipping = (await (await page.request.get("/api/settings/shipping")).json()) as {
      standard_cost: number;
      free_shipping_threshold: number;
    };
    const total =
      product.price >= shipping.free_shipping_threshold
        ? product.price
        : product.price + shipping.standard_cost;
    const placed = await page.request.post("/api/guest/orders", {
      data: {
        items: [{ product_id: product.id, quantity: 1 }],
        total_amount: Math.round(total * 100) / 100,
        payment_method: "bank_transfer",
        transfer_sender_name: "Lina Moreau",
        guest: {
          email: `lina-${Date.now().toString(36)}@example.fr`,
          address: { ...FRENCH_ADDRESS, country: "France" },
        },
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { order, access_token } = (await placed.json()) as { order: { id: string }; access_token: string };
    await deliver(order.id, owner);

    await page.goto(`/orders/track/${order.id}?avis=1#acces=${access_token}`);
    const panel = page.getByRole("region", { name: "Votre avis sur ces produits" });
    await expect(panel.getByRole("heading", { level: 2, name: "Votre avis sur ces produits" })).toBeFocused();
    await expect(page.getByRole("button", { name: "Laisser un avis" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    const form = panel.getByRole("form", { name: `Avis sur ${product.name}` });
    await expect(form.getByLabel("Nom affiché avec l'avis")).toHaveValue("Lina M.");
    await expectAxeClean(page);

    await rate(page, form, 5);
    await typeInto(page, form.getByLabel("Titre"), "Mon savon préféré");
    await typeInto(page, form.getByLabel("Votre avis"), "Une odeur de laurier douce, il dure longtemps.");
    await typeInto(page, form.getByLabel("Nom affiché avec l'avis"), "Lina");
    await tabTo(page, form.getByRole("button", { name: "Envoyer mon avis" }));
    await page.keyboard.press("Enter");
    await expect(panel.getByText(`Statut de votre avis : ${PENDING}`)).toBeFocused();
    await expect(panel.getByText("Signé : Lina")).toBeVisible();
    await expectAxeClean(page);

    // Read back by her link only: the same order without it is not hers to read.
    const mine = await page.request.get(`/api/reviews/orders/${order.id}`, {
      headers: { "x-order-token": access_token },
    });
    expect(((await mine.json()) as { reviews: { title: string }[] }).reviews).toEqual([
      expect.objectContaining({ title: "Mon savon préféré" }),
    ]);
    expect((await page.request.get(`/api/reviews/orders/${order.id}`)).status()).toBe(404);
  });

  test("an order not delivered offers no review, and the server refuses one", async ({ page }) => {
    const order = await customerWithTransferOrder(page.request, "Paul Mercier");

    await page.goto("/orders");
    const card = page.getByRole("article", { name: `Commande #${order.order_number}` });
    await expect(card.getByRole("link", { name: /Suivre la commande/ })).toBeVisible();
    await expect(card.getByRole("button", { name: /Laisser un avis/ })).toHaveCount(0);

    await page.goto(`/orders/track/${order.id}?avis=1`);
    await expect(page.getByText(`Commande #${order.order_number}`)).toBeVisible();
    await expect(page.getByRole("button", { name: /Laisser un avis/ })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Votre avis sur ces produits" })).toHaveCount(0);

    const refused = await page.request.post(`/api/reviews/orders/${order.id}/products/1`, {
      data: { rating: 5, title: "Trop tôt", text: "Je ne l'ai pas encore reçu.", shown_name: "Paul M." },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "Vous pourrez laisser un avis une fois votre commande livrée.",
    );
  });
});
