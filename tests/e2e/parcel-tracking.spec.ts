import { currentOwnerTodo } from "../../functions/admin/owner-todo";
import { trackParcels } from "../../functions/shipping/tracking";
import { E2E_LAPOSTE_PORT } from "../../playwright.config";
import {
  LAPOSTE_DOUBLE_API_KEY,
  LAPOSTE_DOUBLE_CONTRACT,
  LAPOSTE_DOUBLE_PASSWORD,
} from "../../scripts/local/laposte-double";
import type { Order } from "../../src/domain/orders/order";
import { defaultColissimoSetting } from "../../src/domain/settings/colissimo-setting";
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from "./fixtures";
import {
  customerWithTransferOrder,
  expectAxeClean,
  ownerContext,
  shopDeps,
  updateOrderAsOwner,
} from "./support";

/**
 * Tracking read from the carrier (issue 31) in Chromium, against the whole shop and its Colissimo double
 * (LAPOSTE_DOUBLE=1), which serves La Poste's « Suivi » API too. Two paid orders get their labels now; the tracking
 * job (functions/shipping/tracking.ts) then runs in the test's process, on the shop's database, twelve days later (its
 * clock): La Poste took the first parcel over 3 days before that run and delivered it 2 days before, at a fixed hour,
 * and has said nothing about the second since taking it over 10 days before. The customer then sees the order
 * « Livrée » with La Poste's events in French, newest first, on « Mes commandes » and on its tracking page; the
 * withdrawal period ends 14 days after the carrier's delivery day (neither the label's day nor the job's); the owner
 * sees the events on the order's card, and the second parcel under « Colis sans nouvelles depuis 7 jours » with a link
 * to laposte.fr. axe finds nothing on the tracking page and the to-do list.
 *
 * Why later, and not « 3 and 2 days ago »: a parcel's events come after its label. The double dates its first event
 * (DR1, « déclaratif réceptionné ») at the label's creation, and the lifecycle keeps a delivery's date between the
 * order's last status (here the shipping, now) and the job's now: a delivery dated before the label would be recorded
 * at the shipping, and a parcel whose last news is its label made today has no week without news. The shop itself
 * runs at the real time; the to-do list the owner's page reads is the shop's own (currentOwnerTodo on its database)
 * as it stands on the job's day.
 */
test.use({ serviceWorkers: "block" });

const DAY_MS = 86_400_000;

/** The Colissimo double the shop starts beside itself (scripts/local/laposte-double.ts), and its credentials. */
const double = {
  url: `http://127.0.0.1:${E2E_LAPOSTE_PORT}`,
  contractNumber: process.env.LAPOSTE_DOUBLE_CONTRACT || LAPOSTE_DOUBLE_CONTRACT,
  password: process.env.LAPOSTE_DOUBLE_PASSWORD || LAPOSTE_DOUBLE_PASSWORD,
  apiKey: process.env.LAPOSTE_DOUBLE_API_KEY || LAPOSTE_DOUBLE_API_KEY,
  /** La Poste records event `code` for the parcel at `at` (the double's own French text for it). */
  async track(request: APIRequestContext, parcelNumber: string, code: string, at: Date): Promise<void> {
    const response = await request.post(`${this.url}/__double/track`, {
      data: { parcelNumber, code, at: at.toISOString() },
    });
    expect(response.status(), await response.text()).toBe(204);
  },
};

/** La Poste's French texts for the events sent (the double gives the ones its recorded answers show). */
const TEXTS = {
  PC1: "Votre colis a été déposé dans un point postal.",
  DI1: "Votre colis est livré.",
} as const;

// The expected dates, computed here with Intl alone (not with the shop's helpers they check).
const parisYmd = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Paris",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const frLongDay = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const frParisDay = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const frParisTime = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** « mardi 24 novembre 2026 à 10:30 »: an instant as the customer reads it, Paris time. */
const parisWhen = (at: Date) => `${frParisDay.format(at)} à ${frParisTime.format(at)}`;

/** The last day of the withdrawal period: the 14th Paris day after the delivery's, at 23:59. */
function withdrawalDeadline(delivered: Date): string {
  const [year, month, day] = parisYmd.format(delivered).split("-").map(Number);
  const last = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + 14));
  return `${frLongDay.format(last)} à 23:59`;
}

/** The day `days` before `from` at a fixed hour (UTC: 9:30 or 10:30 in Paris, the same Paris day either way). */
function daysBeforeAt(from: Date, days: number, hourUtc: number, minuteUtc: number): Date {
  const at = new Date(from.getTime() - days * DAY_MS);
  at.setUTCHours(hourUtc, minuteUtc, 0, 0);
  return at;
}

/** A new customer's transfer order in a browser context of their own, paid (the owner records the transfer). */
async function paidOrder(browser: Browser, owner: APIRequestContext, fullName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const order = await customerWithTransferOrder(page.request, fullName);
  await updateOrderAsOwner(owner, order.id, { payment_status: "completed" });
  return { ...order, context, page };
}

/** « Créer l'étiquette » through the admin API: the order ships by Colissimo with the parcel's number. */
async function shipWithLabel(owner: APIRequestContext, orderId: string): Promise<string> {
  const response = await owner.post(`/api/admin/shipping/orders/${orderId}/label`, {
    headers: { "content-type": "application/json" },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const order = (await response.json()) as Order;
  expect(order).toMatchObject({ status: "shipped", shipping_company: "Colissimo" });
  expect(order.tracking_number).toBeTruthy();
  return order.tracking_number ?? "";
}

/** The texts of a « Suivi du colis » list, top to bottom. */
async function eventTexts(list: Locator): Promise<string[]> {
  return (await list.getByRole("listitem").allTextContents()).map((text) => text.replace(/\s+/g, " ").trim());
}

/** The list shows DI1 then PC1 (newest first), each with La Poste's text and its Paris date and time. */
async function expectDeliveredEvents(region: Locator, pc1: Date, di1: Date): Promise<void> {
  await expect(region.getByRole("heading", { name: "Suivi du colis" })).toBeVisible();
  const items = region.getByRole("listitem");
  await expect(items.filter({ hasText: TEXTS.DI1 })).toContainText(parisWhen(di1));
  await expect(items.filter({ hasText: TEXTS.PC1 })).toContainText(parisWhen(pc1));
  const texts = await eventTexts(region);
  const delivered = texts.findIndex((text) => text.includes(TEXTS.DI1));
  const takenOver = texts.findIndex((text) => text.includes(TEXTS.PC1));
  expect(delivered).toBeGreaterThanOrEqual(0);
  expect(takenOver).toBeGreaterThan(delivered);
}

async function openTab(admin: Page, name: string) {
  await admin.getByRole("tab", { name, exact: true }).click();
  await expect(admin.getByRole("tab", { name, exact: true })).toHaveAttribute("aria-selected", "true");
  return admin.getByRole("tabpanel", { name });
}

test("La Poste's tracking: events in French for the customer and the owner, delivery dated by the carrier, a parcel without news on the to-do list", async ({
  browser,
}) => {
  const owner = await ownerContext(browser);
  const saveCard = (value: typeof defaultColissimoSetting) =>
    owner.request.put("/api/admin/settings/shipping_colissimo", { data: { value } });
  const env = { url: process.env.LAPOSTE_API_URL, loopback: process.env.LAPOSTE_ALLOW_LOOPBACK };
  const customers: { close: () => Promise<void> }[] = [];
  try {
    // ---- The « Colissimo » card, with the double's contract and La Poste API key.
    const saved = await saveCard({
      ...defaultColissimoSetting,
      contract_number: double.contractNumber,
      password: double.password,
      api_key: double.apiKey,
    });
    expect(saved.status(), await saved.text()).toBe(200);

    // ---- Two paid orders shipped with their labels.
    const delivered = await paidOrder(browser, owner.request, "Léa Fontaine");
    customers.push(delivered.context);
    const silent = await paidOrder(browser, owner.request, "Noé Perrin");
    customers.push(silent.context);
    const deliveredParcel = await shipWithLabel(owner.request, delivered.id);
    const silentParcel = await shipWithLabel(owner.request, silent.id);

    // ---- La Poste's news, dated from the job's run twelve days after the labels: the first parcel taken over 3
    // days before it and delivered 2 days before it; the second taken over 10 days (and an hour) before it, and
    // nothing since.
    const jobDay = new Date(Date.now() + 12 * DAY_MS);
    const later = { ...shopDeps(), clock: () => new Date(jobDay) };
    const pc1 = daysBeforeAt(jobDay, 3, 14, 5);
    const di1 = daysBeforeAt(jobDay, 2, 8, 30);
    const silentPc1 = new Date(jobDay.getTime() - 10 * DAY_MS - 3_600_000);
    await double.track(owner.request, deliveredParcel, "PC1", pc1);
    await double.track(owner.request, deliveredParcel, "DI1", di1);
    await double.track(owner.request, silentParcel, "PC1", silentPc1);

    // ---- The job, in this process, on the shop's database and against the double.
    process.env.LAPOSTE_API_URL = double.url;
    process.env.LAPOSTE_ALLOW_LOOPBACK = "1";
    const run = await trackParcels(later);
    expect(run.delivered).toBeGreaterThanOrEqual(1);
    expect(run.updated).toBeGreaterThanOrEqual(2);

    // ---- The customer: « Livrée », La Poste's events in French, newest first, on « Mes commandes »…
    const { page } = delivered;
    await page.goto("/orders");
    const card = page.getByRole("article", { name: `Commande #${delivered.order_number}` });
    await expect(card.getByText("Livrée", { exact: true })).toBeVisible();
    await expectDeliveredEvents(card.getByRole("region", { name: "Suivi du colis" }), pc1, di1);

    // …and on its tracking page.
    await page.goto(`/orders/track/${delivered.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Suivi de commande" })).toBeVisible();
    const tracking = page.getByRole("region", { name: "Suivi du colis" });
    await expectDeliveredEvents(tracking, pc1, di1);
    await expect(tracking.getByRole("heading", { name: "Suivi du colis" })).toHaveJSProperty("tagName", "H2");
    await page.waitForLoadState("networkidle");
    await expectAxeClean(page);

    // ---- The withdrawal period counts from La Poste's delivery, not from the job's run.
    await page.goto("/orders");
    await card.getByRole("link", { name: `Se rétracter de la commande #${delivered.order_number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/retractation\\?commande=${delivered.id}$`));
    await expect(page.getByRole("heading", { name: `Commande n° ${delivered.order_number}` })).toBeVisible();
    await expect(page.getByText(/délai de rétractation jusqu'au/)).toContainText(
      `délai de rétractation jusqu'au ${withdrawalDeadline(di1)} (heure de Paris)`,
    );

    // ---- The owner: the events on the order's card. Her to-do list is the shop's as it stands on the job's day.
    const admin = await owner.newPage();
    await admin.route("**/api/admin/todo", async (route) =>
      route.fulfill({ json: await currentOwnerTodo(later) }),
    );
    await admin.goto("/admin");
    const orders = await openTab(admin, "Commandes");
    await orders.getByRole("searchbox", { name: "Rechercher" }).fill(delivered.order_number);
    await orders.getByRole("button", { name: "Filtrer" }).click();
    const orderCard = orders.getByRole("article", { name: `Commande #${delivered.order_number}` });
    const toggle = orderCard.getByRole("button", { name: new RegExp(`Commande #${delivered.order_number}`) });
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(orderCard.getByText("Livrée", { exact: true })).toBeVisible();
    await expectDeliveredEvents(orderCard.getByRole("region", { name: "Suivi du colis" }), pc1, di1);

    // ---- The second parcel, 10 days without news, on the to-do list.
    await openTab(admin, "Statistiques");
    const stuck = admin
      .getByRole("region", { name: /À faire aujourd'hui/ })
      .getByRole("region", { name: "Colis sans nouvelles depuis 7 jours" });
    const row = stuck
      .getByRole("listitem")
      .filter({ has: admin.getByRole("link", { name: `Commande n° ${silent.order_number}`, exact: true }) });
    await expect(row).toContainText("Noé Perrin");
    await expect(row).toContainText(`Colissimo · suivi n° ${silentParcel}`);
    await expect(row).toContainText(TEXTS.PC1);
    await expect(row).toContainText("Sans nouvelles depuis 10 jours");
    const laposte = row.getByRole("link", { name: /^Suivre sur laposte\.fr/ });
    await expect(laposte).toHaveAttribute(
      "href",
      `https://www.laposte.fr/outils/suivre-vos-envois?code=${silentParcel}`,
    );
    await expect(laposte).toHaveAttribute("target", "_blank");
    // The delivered parcel is not on it.
    await expect(
      stuck.getByRole("link", { name: `Commande n° ${delivered.order_number}`, exact: true }),
    ).toHaveCount(0);
    // Its order link opens the order in Commandes, as the list's other links do.
    await expect(
      row.getByRole("link", { name: `Commande n° ${silent.order_number}`, exact: true }),
    ).toHaveAttribute("href", `/admin#commandes/${silent.order_number}`);
    await admin.waitForLoadState("networkidle");
    await expectAxeClean(admin, "[data-todo]");
  } finally {
    process.env.LAPOSTE_API_URL = env.url;
    process.env.LAPOSTE_ALLOW_LOOPBACK = env.loopback;
    if (env.url === undefined) delete process.env.LAPOSTE_API_URL;
    if (env.loopback === undefined) delete process.env.LAPOSTE_ALLOW_LOOPBACK;
    await saveCard(defaultColissimoSetting);
    for (const customer of customers) await customer.close();
    await owner.close();
  }
});

test("« Actualiser le suivi »: the owner reads La Poste now, for one order and for every open parcel, by keyboard, and reads what changed", async ({
  browser,
}) => {
  const owner = await ownerContext(browser);
  const saveCard = (value: typeof defaultColissimoSetting) =>
    owner.request.put("/api/admin/settings/shipping_colissimo", { data: { value } });
  const customers: { close: () => Promise<void> }[] = [];
  try {
    const saved = await saveCard({
      ...defaultColissimoSetting,
      contract_number: double.contractNumber,
      password: double.password,
      api_key: double.apiKey,
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const order = await paidOrder(browser, owner.request, "Inès Carpentier");
    customers.push(order.context);
    const parcel = await shipWithLabel(owner.request, order.id);
    await double.track(owner.request, parcel, "PC1", new Date());

    // ---- The customer already reads a delivery date: a working day, long fr-FR form, not « — ».
    await order.page.goto(`/orders/track/${order.id}`);
    const estimated = order.page
      .getByText("Livraison estimée", { exact: true })
      .locator("xpath=following-sibling::dd[1]");
    await expect(estimated).toHaveText(/^(lundi|mardi|mercredi|jeudi|vendredi) \d{1,2} \p{L}+ \d{4}$/iu);

    // ---- One order: the button on its card, by keyboard.
    const admin = await owner.newPage();
    await admin.goto("/admin");
    const orders = await openTab(admin, "Commandes");
    await orders.getByRole("searchbox", { name: "Rechercher" }).fill(order.order_number);
    await orders.getByRole("button", { name: "Filtrer" }).click();
    const card = orders.getByRole("article", { name: `Commande #${order.order_number}` });
    const toggle = card.getByRole("button", { name: new RegExp(`Commande #${order.order_number}`) });
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await expect(card.getByRole("region", { name: "Suivi du colis" }).getByText(TEXTS.PC1)).toHaveCount(0);
    const refresh = card.getByRole("button", {
      name: `Actualiser le suivi de la commande n° ${order.order_number}`,
    });
    await refresh.focus();
    await admin.keyboard.press("Enter");
    await expect(card.getByRole("status").filter({ hasText: "Suivi actualisé" })).toHaveText(
      "Suivi actualisé : nouvelles informations de La Poste enregistrées.",
    );
    await expect(card.getByRole("region", { name: "Suivi du colis" }).getByText(TEXTS.PC1)).toBeVisible();
    await expect(refresh).toBeFocused();

    // ---- Every open parcel: the button above the orders, by keyboard.
    const all = orders.getByRole("button", { name: "Actualiser le suivi des colis" });
    await all.focus();
    await admin.keyboard.press("Enter");
    await expect(orders.getByRole("status").filter({ hasText: "auprès de La Poste" })).toHaveText(
      /^\d+ colis interrogés? auprès de La Poste : \d+ mis à jour/,
    );
    await expect(all).toBeFocused();
    await admin.waitForLoadState("networkidle");
    await expectAxeClean(admin, "[data-admin-panel]");
  } finally {
    await saveCard(defaultColissimoSetting);
    for (const customer of customers) await customer.close();
    await owner.close();
  }
});
