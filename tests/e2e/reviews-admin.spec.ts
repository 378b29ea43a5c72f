import { join } from "node:path";
import { E2E_DATA_DIR } from "../../playwright.config";
import { readMails } from "../support/mail";
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from "./fixtures";
import {
  expectAxeClean,
  ownerContext,
  placeTransferOrder,
  signedInCustomer,
  updateOrderAsOwner,
} from "./support";

/**
 * The owner's « Avis » (verified reviews) in Chromium, keyboard only: reviews written through the API by customers
 * whose orders were delivered wait on the to-do list and in the tab; the owner refuses one for a published reason
 * (its author's mail carries it), publishes another and answers it, and a review changed meanwhile is said so.
 */
test.use({ serviceWorkers: "block" });

const mailDir = join(E2E_DATA_DIR, "mail");
const run = Date.now().toString(36);

/** A customer of her own context whose delivered order's soap she reviews through the API. */
async function reviewedByCustomer(
  browser: Browser,
  owner: APIRequestContext,
  name: string,
  review: { rating: number; title: string; text: string },
) {
  const context = await browser.newContext();
  const { email, addressId } = await signedInCustomer(context.request, name);
  const product = (await (await context.request.get("/api/products/1")).json()) as {
    id: number;
    price: number;
  };
  const order = await placeTransferOrder(context.request, {
    product,
    quantity: 1,
    addressId,
    senderName: name,
  });
  await updateOrderAsOwner(owner, order.id, { payment_status: "completed", status: "delivered" });
  const response = await context.request.post(`/api/reviews/orders/${order.id}/products/1`, {
    data: { ...review, shown_name: name },
  });
  expect(response.status(), await response.text()).toBe(201);
  await context.close();
  return { orderId: order.id, email };
}

const card = (page: Page, title: string): Locator =>
  page.locator("[data-review]").filter({ has: page.getByRole("heading", { level: 3, name: title }) });

test("the owner moderates reviews in « Avis », from the to-do list, with the keyboard", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await ownerContext(browser);
  const refused = await reviewedByCustomer(browser, owner.request, "Inès Garnier", {
    rating: 5,
    title: `Appelez-moi ${run}`,
    text: "Super savon, appelez-moi au 06 12 34 56 78 pour en parler.",
  });
  await reviewedByCustomer(browser, owner.request, "Paul Morel", {
    rating: 2,
    title: `Un peu sec ${run}`,
    text: "<b>Mousse</b> correcte mais il dessèche un peu la peau.",
  });
  const changed = await reviewedByCustomer(browser, owner.request, "Zoé Marchand", {
    rating: 4,
    title: `Très doux ${run}`,
    text: "Mousse fine, peau pas tirée, odeur discrète.",
  });

  // The to-do list says how many wait, and leads to the tab.
  const admin = await owner.newPage();
  await admin.goto("/admin");
  const todo = admin.getByRole("region", { name: /À faire aujourd'hui/ });
  const waiting = todo.getByRole("region", { name: "Avis à modérer" });
  await expect(waiting).toContainText("3 avis en attente de modération");
  await admin.waitForLoadState("networkidle");
  await expectAxeClean(admin, "[data-todo]");
  const moderate = waiting.getByRole("link", { name: "Modérer les avis" });
  await moderate.focus();
  await admin.keyboard.press("Enter");
  const avisTab = admin.getByRole("tab", { name: "Avis", exact: true });
  await expect(avisTab).toHaveAttribute("aria-selected", "true");
  await expect(avisTab).toBeFocused();
  const panel = admin.getByRole("tabpanel", { name: "Avis" });
  await expect(panel.getByRole("heading", { level: 2, name: "Avis" })).toBeVisible();

  // Each review as written, its markup as text, its rating in words, its author and dates.
  const dry = card(admin, `Un peu sec ${run}`);
  await expect(dry).toContainText("2 sur 5");
  await expect(dry).toContainText("<b>Mousse</b> correcte");
  await expect(dry.locator("b")).toHaveCount(0);
  await expect(dry).toContainText("Paul Morel");
  await expect(dry).toContainText("En attente de modération");
  await expect(dry).toContainText("Livraison (date de l'expérience)");
  const phone = card(admin, `Appelez-moi ${run}`);
  await expect(phone).toContainText(refused.email);
  // No filter or reason by rating anywhere.
  await expect(panel.getByText(/étoile|note/i)).toHaveCount(0);
  await expectAxeClean(admin, "[data-admin-panel]");

  // Refuse: the chooser lists the published reasons, none chosen, and says a negative review is never refused.
  await phone.getByRole("button", { name: "Refuser" }).focus();
  await admin.keyboard.press("Enter");
  const dialog = admin.getByRole("dialog", { name: "Refuser l'avis" });
  await expect(dialog).toContainText("Un avis ne peut pas être refusé parce qu'il est négatif.");
  const reasons = dialog.getByRole("radio");
  await expect(reasons).toHaveCount(5);
  await expect(reasons.first()).toBeFocused();
  await expect(dialog.getByRole("radio", { checked: true })).toHaveCount(0);
  await expectAxeClean(admin, '[role="dialog"]');
  await admin.keyboard.press("Tab");
  await admin.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Refuser l'avis" })).toBeFocused();
  await admin.keyboard.press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText("Choisissez l'un des motifs de refus publiés.");
  await reasons.first().focus();
  await admin.keyboard.press("ArrowDown");
  await expect(dialog.getByRole("radio", { name: /^Données personnelles/ })).toBeChecked();
  await admin.keyboard.press("Tab");
  await admin.keyboard.press("Tab");
  await admin.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  const status = panel.getByRole("status").filter({ hasText: /./ }).first();
  await expect(status).toHaveText(
    `Avis « Appelez-moi ${run} » refusé : son auteur reçoit le motif par e-mail.`,
  );
  await expect(phone).toHaveCount(0);
  // The focus is on the review now in its place.
  await expect(dry.getByRole("heading", { level: 3 })).toBeFocused();
  await expect
    .poll(() => readMails(mailDir).find((mail) => mail.to === refused.email && mail.subject.includes("avis")))
    .toBeDefined();
  const mail = readMails(mailDir).find(
    (entry) => entry.to === refused.email && entry.subject.includes("avis"),
  );
  expect(mail?.text).toContain("Motif : Données personnelles");
  expect(mail?.text).not.toContain("06 12 34 56 78");

  // Publish the two-star review: Tab from its heading reaches « Publier ».
  await admin.keyboard.press("Tab");
  await expect(dry.getByRole("button", { name: "Publier" })).toBeFocused();
  await admin.keyboard.press("Enter");
  await expect(status).toHaveText(`Avis « Un peu sec ${run} » publié.`);
  await expect(dry).toHaveCount(0);

  // A review moderated elsewhere meanwhile: the stale screen is told so and reads it again.
  const soft = card(admin, `Très doux ${run}`);
  await expect(soft).toBeVisible();
  const stale = await owner.request.post(`/api/admin/reviews/${changed.orderId}/1/publish`, {
    data: { version: 1 },
  });
  expect(stale.status()).toBe(200);
  await soft.getByRole("button", { name: "Publier" }).focus();
  await admin.keyboard.press("Enter");
  await expect(status).toContainText("Cet avis a changé entre-temps");
  await expect(soft).toHaveCount(0);

  // The published reviews stay answerable.
  await panel.getByRole("button", { name: "Publiés" }).focus();
  await admin.keyboard.press("Enter");
  await expect(panel.getByRole("button", { name: "Publiés" })).toHaveAttribute("aria-pressed", "true");
  const published = card(admin, `Un peu sec ${run}`);
  await expect(published).toContainText("Publié");
  const answer = published.getByRole("button", { name: "Répondre" });
  await answer.focus();
  await admin.keyboard.press("Enter");
  const answering = admin.getByRole("dialog", { name: "Répondre à l'avis" });
  const field = answering.getByRole("textbox", { name: "Votre réponse publique" });
  await expect(field).toBeFocused();
  await expectAxeClean(admin, '[role="dialog"]');
  await admin.keyboard.type("Merci Paul ! Un peu d'huile d'olive en plus sur peau sèche.");
  await admin.keyboard.press("Tab");
  await admin.keyboard.press("Tab");
  await expect(answering.getByRole("button", { name: "Enregistrer la réponse" })).toBeFocused();
  await admin.keyboard.press("Enter");
  await expect(answering).toHaveCount(0);
  await expect(status).toHaveText(`Réponse à l'avis « Un peu sec ${run} » enregistrée.`);
  await expect(published).toContainText("Merci Paul ! Un peu d'huile d'olive en plus sur peau sèche.");
  const edit = published.getByRole("button", { name: "Modifier la réponse" });
  await expect(edit).toBeFocused();
  await expectAxeClean(admin, "[data-admin-panel]");

  // The to-do list follows: nothing waits any more.
  const todoNow = (await (await owner.request.get("/api/admin/todo")).json()) as { reviews: unknown };
  expect(todoNow.reviews).toBeNull();
  await owner.close();
});
