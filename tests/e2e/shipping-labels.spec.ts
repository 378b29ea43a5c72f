import { PDFDocument } from "pdf-lib";
import { E2E_LAPOSTE_PORT } from "../../playwright.config";
import { LAPOSTE_DOUBLE_CONTRACT, LAPOSTE_DOUBLE_PASSWORD } from "../../scripts/local/laposte-double";
import type { Order } from "../../src/domain/orders/order";
import { parisDay } from "../../src/domain/paris-time";
import { SECRET_MASK } from "../../src/domain/settings/admin-settings";
import { defaultColissimoSetting } from "../../src/domain/settings/colissimo-setting";
import { labelRefusalMessage } from "../../src/domain/shipping/colissimo-label/refusal-message";
import { type APIRequestContext, expect, type Locator, type Page, test } from "./fixtures";
import {
  customerWithTransferOrder,
  expectAxeClean,
  holdRequests,
  ownerContext,
  updateOrderAsOwner,
} from "./support";

/**
 * Colissimo labels (issue 31) in Chromium, against the whole shop and the Colissimo double it runs under
 * LAPOSTE_DOUBLE=1: the owner fills the « Colissimo » card, creates a paid order's label from the to-do list (a double
 * click buys one), the order is « Expédiée » with its tracking number and its label prints as a PDF; a second order's
 * label is created from its card in Commandes; a label Colissimo refuses shows its reason in French (role alert) and
 * the order stays « Confirmée »; « Imprimer les étiquettes du jour » gives the day's labels in one PDF. axe finds
 * nothing on the card and the orders.
 */
test.use({ serviceWorkers: "block" });

/**
 * The Colissimo double the shop runs beside itself under LAPOSTE_DOUBLE=1 (scripts/local/laposte-double.ts), on a port
 * of its own, with the contract to type in the card. Its `/__double/*` routes say what it sold, and stage a refusal.
 */
const double = {
  url: `http://127.0.0.1:${E2E_LAPOSTE_PORT}`,
  contractNumber: LAPOSTE_DOUBLE_CONTRACT,
  password: LAPOSTE_DOUBLE_PASSWORD,
  async parcelsSold(request: APIRequestContext): Promise<string[]> {
    const response = await request.get(`${this.url}/__double/labels`);
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { parcelNumber: string }[]).map((label) => label.parcelNumber);
  },
  async refuseNext(request: APIRequestContext, id: string, messageContent: string): Promise<void> {
    const response = await request.post(`${this.url}/__double/refuse-next`, { data: { id, messageContent } });
    expect(response.status()).toBe(204);
  },
};

/** Every order's label route: the POST that buys it, the GET that prints it. */
const LABEL_ROUTE = /\/api\/admin\/shipping\/orders\/[^/]+\/label$/;

/** A transfer order of a new customer, then paid (the owner records the transfer): « Confirmée », to prepare. */
async function paidOrder(page: Page, owner: APIRequestContext, fullName: string) {
  const order = await customerWithTransferOrder(page.request, fullName);
  await updateOrderAsOwner(owner, order.id, { payment_status: "completed" });
  return order;
}

async function orderAsOwner(owner: APIRequestContext, number: string): Promise<Order> {
  const page = (await (await owner.get(`/api/admin/orders?q=${number}`)).json()) as { orders: Order[] };
  const order = page.orders.find((item) => item.id.endsWith(number));
  if (!order) throw new Error(`Order ${number} not found`);
  return order;
}

/** The day's labels as one PDF: its number of pages (0 while none was bought today). */
async function dayLabelPages(
  owner: APIRequestContext,
  url = `/api/admin/shipping/labels?date=${parisDay(new Date())}`,
) {
  const response = await owner.get(url);
  if (response.status() === 404) return 0;
  expect(response.headers()["content-type"]).toContain("application/pdf");
  return (await PDFDocument.load(await response.body())).getPageCount();
}

/** A print link opens its PDF in a new tab, and what it points to is a PDF. */
async function expectPdfLink(link: Locator, owner: APIRequestContext): Promise<string> {
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
  const href = await link.getAttribute("href");
  expect(href).toBeTruthy();
  const response = await owner.get(href ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/pdf");
  expect((await response.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return href ?? "";
}

async function openTab(admin: Page, name: string) {
  await admin.getByRole("tab", { name, exact: true }).click();
  await expect(admin.getByRole("tab", { name, exact: true })).toHaveAttribute("aria-selected", "true");
  return admin.getByRole("tabpanel", { name });
}

/** Commandes, searched for one order, its card opened. */
async function orderCard(admin: Page, number: string): Promise<Locator> {
  const panel = await openTab(admin, "Commandes");
  await panel.getByRole("searchbox", { name: "Rechercher" }).fill(number);
  await panel.getByRole("button", { name: "Filtrer" }).click();
  const card = panel.getByRole("article", { name: `Commande #${number}` });
  const toggle = card.getByRole("button", { name: new RegExp(`Commande #${number}`) });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  return card;
}

test("Colissimo labels: the card set up, labels created from the to-do list and the order, printed by day; a refusal in French", async ({
  page,
  browser,
}) => {
  const owner = await ownerContext(browser);
  const resetCard = () =>
    owner.request.put("/api/admin/settings/shipping_colissimo", { data: { value: defaultColissimoSetting } });
  try {
    const first = await paidOrder(page, owner.request, "Inès Garnier");
    const second = await paidOrder(page, owner.request, "Hugo Lemaire");
    const refused = await paidOrder(page, owner.request, "Zoé Marchand");
    const pagesBefore = await dayLabelPages(owner.request);
    const soldBefore = await double.parcelsSold(owner.request);

    // ---- The card, from « Non configuré » to « Configuré ».
    const admin = await owner.newPage();
    await admin.goto("/admin#parametres");
    const card = admin.getByRole("region", { name: "Colissimo", exact: true });
    await expect(card).toContainText(
      "Non configuré : il manque le numéro de contrat Colissimo, le mot de passe du contrat Colissimo.",
    );
    await expect(card).toContainText("indiquez le transporteur et le numéro de suivi dans le formulaire");
    await admin.waitForLoadState("networkidle");
    await expectAxeClean(admin, "#reglages-shipping_colissimo");

    await card.getByRole("button", { name: "Modifier : Colissimo" }).click();
    const contract = card.getByLabel("Numéro de contrat Colissimo");
    await expect(contract).toBeFocused();
    await contract.fill(double.contractNumber);
    await card.getByLabel("Mot de passe du contrat").fill(double.password);
    await card.getByLabel("Format des étiquettes").selectOption({ label: "A4 (imprimante de bureau)" });
    await expect(card.getByLabel("Livraison à domicile")).toHaveValue("DOM");
    await card.getByLabel("Poids de l'emballage (g)").fill("200");
    await expectAxeClean(admin, "#reglages-shipping_colissimo");
    await card.getByRole("button", { name: "Enregistrer" }).click();

    await expect(card).toContainText("Configuré : les étiquettes se créent depuis les commandes.");
    await expect(card.getByRole("button", { name: "Modifier : Colissimo" })).toBeFocused();
    await expect(card).toContainText(double.contractNumber);
    await expect(card).not.toContainText(double.password);
    await expect(card).toContainText("A4 (imprimante de bureau)");
    await expect(card).toContainText("200 g");
    await expectAxeClean(admin, "#reglages-shipping_colissimo");
    // The password is kept, never shown: the form offers its mask, and says how to keep it.
    await card.getByRole("button", { name: "Modifier : Colissimo" }).click();
    const password = card.getByLabel("Mot de passe du contrat");
    await expect(password).toHaveValue(SECRET_MASK);
    await expect(password).toHaveAccessibleDescription(
      `Laissez ${SECRET_MASK} pour garder le mot de passe enregistré.`,
    );
    await card.getByRole("button", { name: "Annuler" }).click();

    // ---- From the to-do list: a double click buys one label.
    const posts: string[] = [];
    admin.on("request", (request) => {
      if (request.method() === "POST" && LABEL_ROUTE.test(new URL(request.url()).pathname))
        posts.push(request.url());
    });
    await openTab(admin, "Statistiques");
    const toShip = admin
      .getByRole("region", { name: /À faire aujourd'hui/ })
      .getByRole("region", { name: "Commandes à expédier" });
    const row = toShip
      .getByRole("listitem")
      .filter({ has: admin.getByRole("link", { name: `Commande n° ${first.order_number}` }) });
    const create = row.getByRole("button", { name: /étiquette/ });
    await expect(create).toHaveAccessibleName(`Créer l'étiquette de la commande n° ${first.order_number}`);
    const release = await holdRequests(admin, LABEL_ROUTE);
    await create.dblclick();
    await expect(create).toBeDisabled();
    await expect(create).toHaveText(/^Création de l'étiquette…/);
    release();

    const done = row.getByRole("status");
    await expect(done).toHaveText(
      /^Étiquette créée : commande expédiée par Colissimo, suivi n° \w+\. Le client a reçu son numéro de suivi\.$/,
    );
    await expect(done).toBeFocused();
    expect(posts).toHaveLength(1);
    await expectPdfLink(row.getByRole("link", { name: /^Imprimer l'étiquette/ }), owner.request);

    const shipped = await orderAsOwner(owner.request, first.order_number);
    expect(shipped).toMatchObject({
      status: "shipped",
      shipping_company: "Colissimo",
      has_shipping_label: true,
    });
    await expect(done).toContainText(`suivi n° ${shipped.tracking_number}.`);
    // Another click (another tab, a reload) buys nothing: the order as it is.
    const again = await owner.request.post(`/api/admin/shipping/orders/${first.id}/label`, {
      headers: { "content-type": "application/json" },
    });
    expect(again.status()).toBe(200);
    expect(((await again.json()) as Order).tracking_number).toBe(shipped.tracking_number);
    await admin.waitForLoadState("networkidle");
    await expectAxeClean(admin, "[data-todo]");

    // Its card in Commandes: « Expédiée », the tracking number, the print link.
    const firstCard = await orderCard(admin, first.order_number);
    await expect(firstCard.getByText("Expédiée", { exact: true })).toBeVisible();
    await expect(firstCard).toContainText(shipped.tracking_number ?? "?");
    await expectPdfLink(firstCard.getByRole("link", { name: /^Imprimer l'étiquette/ }), owner.request);

    // ---- From the order's card.
    const secondCard = await orderCard(admin, second.order_number);
    await expect(secondCard.getByText("Confirmée", { exact: true })).toBeVisible();
    await secondCard.getByRole("button", { name: /^Créer l'étiquette/ }).click();
    const secondDone = secondCard.getByRole("status");
    await expect(secondDone).toHaveText(/^Étiquette créée : commande expédiée par Colissimo, suivi n° \w+\./);
    await expect(secondDone).toBeFocused();
    await expect(secondCard.getByText("Expédiée", { exact: true })).toBeVisible();
    await expect(secondCard.getByRole("button", { name: /^Créer l'étiquette/ })).toHaveCount(0);
    const secondShipped = await orderAsOwner(owner.request, second.order_number);
    await expect(secondCard).toContainText(secondShipped.tracking_number ?? "?");
    await expectPdfLink(secondCard.getByRole("link", { name: /^Imprimer l'étiquette/ }), owner.request);
    await expectAxeClean(admin, "[data-admin-panel]");

    // ---- Colissimo refuses a label: its reason in French beside the order, which stays « Confirmée ».
    const refusedCard = await orderCard(admin, refused.order_number);
    const refusedButton = refusedCard.getByRole("button", { name: /^Créer l'étiquette/ });
    const reason = { id: "30211", messageContent: "Le code postal du destinataire est incorrect" };
    await double.refuseNext(owner.request, reason.id, reason.messageContent);
    await refusedButton.click();
    const alert = refusedCard.getByRole("alert");
    await expect(alert).toHaveText(labelRefusalMessage([reason]));
    await expect(alert).toContainText("Colissimo a refusé l'étiquette");
    await expect(refusedButton).toBeEnabled();
    await expect(refusedButton).toBeFocused();
    await expect(refusedCard.getByText("Confirmée", { exact: true })).toBeVisible();
    await expect(refusedCard.getByRole("link", { name: /^Imprimer l'étiquette/ })).toHaveCount(0);
    expect(await orderAsOwner(owner.request, refused.order_number)).toMatchObject({
      status: "confirmed",
      has_shipping_label: false,
      tracking_number: null,
    });
    await expectAxeClean(admin, "[data-admin-panel]");

    // ---- The day's labels, one PDF: the two bought here, and nothing for the refusal or the second click.
    await openTab(admin, "Statistiques");
    // The button asks for the PDF first, then opens it in a new tab.
    const dayButton = toShip.getByRole("button", { name: /^Imprimer les étiquettes du jour/ });
    const [dayTab] = await Promise.all([admin.waitForEvent("popup"), dayButton.click()]);
    // The tab shows the PDF fetched by the button (a blob: address of the shop: the page's CSP forbids reading it back
    // from the test); what it holds is what the API answers for today.
    expect(dayTab.url()).toMatch(/^blob:http:\/\/localhost:\d+\//);
    await dayTab.close();
    expect(await dayLabelPages(owner.request)).toBe(pagesBefore + 2);
    // Colissimo sold exactly those two: none for the double click, the second click or the refusal.
    expect(await double.parcelsSold(owner.request)).toEqual([
      ...soldBefore,
      shipped.tracking_number,
      secondShipped.tracking_number,
    ]);
  } finally {
    await resetCard();
    await owner.close();
  }
});
