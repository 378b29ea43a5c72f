import { REFUSAL_REASONS } from "../../src/domain/reviews/review";
import { expect, type Page, test } from "./fixtures";
import { customerWithTransferOrder, expectAxeClean, signInAsOwner, updateOrderAsOwner } from "./support";

/**
 * Verified reviews on the prebuilt pages, in the shop as `npm start` runs it with publishing on
 * (`npm run test:e2e:publishing`): a delivered order's review, published by the owner, reaches its product page's
 * static HTML and JSON-LD and the home's card after the publish; « Signaler cet avis » works by keyboard; the rules page.
 */
test.skip(
  process.env.E2E_SITE_PUBLISH !== "on",
  "publishing runs in its own shop: npm run test:e2e:publishing",
);
test.setTimeout(240_000);

const PUBLISH_DELAY_MS = 90_000;
const PRODUCT_ID = 2;

async function html(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path, { headers: { "cache-control": "no-cache" } });
  return response.ok() ? response.text() : `HTTP ${response.status()}`;
}

function productJsonLd(body: string): Record<string, unknown> | undefined {
  return [...body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
    .map((match) => JSON.parse(match[1] ?? "{}") as Record<string, unknown>)
    .find((data) => data["@type"] === "Product");
}

test("a delivered order's review, once published, reaches the prebuilt pages, and can be reported by keyboard", async ({
  page,
  browser,
}) => {
  const customer = await browser.newContext();
  const order = await customerWithTransferOrder(customer.request, "Camille Rousseau", {
    productId: PRODUCT_ID,
  });
  await signInAsOwner(page.request);
  await updateOrderAsOwner(page.request, order.id, { payment_status: "completed", status: "delivered" });

  const title = `Doux & <b>efficace</b> ${Date.now().toString(36)}`;
  const written = await customer.request.post(`/api/reviews/orders/${order.id}/products/${PRODUCT_ID}`, {
    data: {
      rating: 4,
      title,
      text: "Ma peau sèche va mieux.\n<script>alert(1)</script>",
      shown_name: "Camille R.",
    },
  });
  expect(written.status(), await written.text()).toBe(201);
  await customer.close();
  // Pending: nothing shows before the owner publishes.
  expect(await html(page, `/product/${PRODUCT_ID}`)).not.toContain("Camille R.");

  const listed = (await (await page.request.get("/api/admin/reviews")).json()) as {
    reviews: { order_id: string; product_id: number; version: number }[];
  };
  const pending = listed.reviews.find((review) => review.order_id === order.id);
  expect(pending).toBeDefined();
  const key = `${order.id}/${PRODUCT_ID}`;
  const publish = await page.request.post(`/api/admin/reviews/${key}/publish`, {
    data: { version: pending?.version },
  });
  expect(publish.status(), await publish.text()).toBe(200);
  const { review } = (await publish.json()) as { review: { version: number } };
  const answer = await page.request.put(`/api/admin/reviews/${key}/answer`, {
    data: { version: review.version, text: "Merci Camille, à bientôt !" },
  });
  expect(answer.status(), await answer.text()).toBe(200);

  const path = `/product/${PRODUCT_ID}`;
  await expect
    .poll(async () => html(page, path), { timeout: PUBLISH_DELAY_MS, intervals: [1000] })
    .toContain("Merci Camille, à bientôt !");
  const body = await html(page, path);
  for (const text of [
    "Avis clients",
    "4 sur 5 — 1 avis",
    "Avis vérifiés : seuls les clients ayant reçu leur commande peuvent laisser un avis",
    "Du plus récent au plus ancien",
    'href="/avis-clients"',
    "Note : 4 sur 5",
    "Camille R.",
    "Commande reçue le ",
    "Publié le ",
    "Réponse de la savonnerie",
    "Doux &amp; &lt;b&gt;efficace&lt;/b&gt;",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
  ])
    expect(body, text).toContain(text);
  expect(body).not.toContain("<b>efficace</b>");
  expect(body).not.toContain("<script>alert(1)");
  const data = productJsonLd(body);
  expect(data?.aggregateRating).toEqual({
    "@type": "AggregateRating",
    ratingValue: 4,
    reviewCount: 1,
    bestRating: 5,
    worstRating: 1,
  });
  expect(data?.review).toEqual([
    expect.objectContaining({
      "@type": "Review",
      name: title,
      author: { "@type": "Person", name: "Camille R." },
      reviewRating: expect.objectContaining({ ratingValue: 4 }),
    }),
  ]);
  // A product without reviews: no rating anywhere.
  const other = await html(page, "/product/1");
  expect(other).toMatch(/Aucun avis pour l(&#39;|')instant\./);
  expect(productJsonLd(other)).not.toHaveProperty("aggregateRating");

  // The home's card shows the average and the count.
  await page.goto("/");
  await expect(page.locator(`[data-product-card="${PRODUCT_ID}"] [data-card-rating]`)).toHaveText(
    /Avis clients : 4 sur 5 — 1 avis/,
  );

  await page.goto(path);
  const item = page.getByRole("article", { name: title });
  await expect(item.getByText("Note : 4 sur 5")).toBeAttached();
  await expectAxeClean(page);

  // « Signaler cet avis », by keyboard: the form's focus, a missing reason, the report, Escape.
  const summary = item.locator("summary");
  await summary.focus();
  await page.keyboard.press("Enter");
  const first = item.getByRole("radio", { name: "Contenu injurieux ou inapproprié" });
  await expect(first).toBeFocused();
  await expectAxeClean(page);
  await page.keyboard.press("Tab");
  await expect(item.getByRole("button", { name: "Envoyer le signalement" })).toBeFocused();
  await page.keyboard.press("Enter");
  const status = item.getByRole("status");
  await expect(status).toHaveText("Choisissez un motif de signalement.");
  await expect(first).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(item.getByRole("radio", { name: "Données personnelles" })).toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(status).toHaveText(/Merci : votre signalement a été transmis/);
  await expect(status).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(summary).toBeFocused();
  await expect(item.locator("details")).not.toHaveAttribute("open");

  const reported = (await (await page.request.get("/api/admin/reviews")).json()) as {
    reviews: { order_id: string; reports: number; last_report_reason?: string }[];
  };
  expect(reported.reviews.find((entry) => entry.order_id === order.id)).toMatchObject({
    reports: 1,
    last_report_reason: "personal_data",
  });
});

test("the rules page is linked from the footer, states the rules, and is axe-clean", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Avis clients : nos règles" }).click();
  await expect(page).toHaveURL(/\/avis-clients$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Avis clients : nos règles");
  const main = page.getByRole("main");
  for (const label of Object.values(REFUSAL_REASONS)) await expect(main.getByText(label)).toBeVisible();
  await expect(main).toContainText("jamais refusé parce qu'il est négatif");
  await expect(main).toContainText("dans un délai de 5 jours");
  await expect(main).toContainText("5 ans après sa date de publication");
  await expect(main).toContainText("Personne n'est payé ni récompensé");
  await expect(main).toContainText("Signaler cet avis");
  await expectAxeClean(page);
  expect(await html(page, "/sitemap.xml")).toContain("/avis-clients</loc>");
});
