import { createProduct } from "../../functions/catalog/service";
import { seedProducts } from "../../functions/platform/db/seed-catalog";
import { parisWallText } from "../../src/domain/paris-wall-time";
import { expect, type Locator, type Page, test } from "./fixtures";
import { createProductAsOwner, expectAxeClean, ownerContext, shopDeps } from "./support";

/**
 * The owner's « Réductions » in Chromium, keyboard only, today being December 2026: the national periods in Paris
 * dates; a « Promotion » scheduled on one product, listed with its reference price and percentage, its price history,
 * then cancelled; « Soldes » refused outside the winter period (6 January 2027, 8:00 Paris), refused on a product
 * created today (not on sale a month before), and accepted on a product on sale since October.
 */
test.use({ serviceWorkers: "block" });

const run = Date.now().toString(36);
const fresh = `Savon Réduction Aube ${run}`;
const october = `Savon Réduction Octobre ${run}`;
const running = `Savon Réduction Midi ${run}`;

const card = (page: Page, name: string): Locator =>
  page.locator("[data-reduction]").filter({ has: page.getByRole("rowheader", { name }) });

async function press(page: Page, target: Locator, key = "Enter") {
  await target.focus();
  await page.keyboard.press(key);
}

/** Fills the form of « Programmer une réduction » with the keyboard: one product checked, the kind, 20 %, the dates. */
async function fillForm(
  page: Page,
  dialog: Locator,
  { product, soldes, starts, ends }: { product: string; soldes: boolean; starts: string; ends: string },
) {
  for (const box of await dialog.getByRole("checkbox", { checked: true }).all())
    await press(page, box, "Space");
  await press(page, dialog.getByRole("checkbox", { name: new RegExp(product) }), "Space");
  await expect(dialog.getByRole("checkbox", { name: new RegExp(product) })).toBeChecked();
  const promotion = dialog.getByRole("radio", { name: "Promotion" });
  const soldesRadio = dialog.getByRole("radio", { name: "Soldes" });
  if (soldes && !(await soldesRadio.isChecked())) await press(page, promotion, "ArrowRight");
  await expect(soldes ? soldesRadio : promotion).toBeChecked();
  await dialog.getByLabel("Pourcentage (%)").fill("20");
  await dialog.getByLabel("Début (heure de Paris)").fill(starts);
  await dialog.getByLabel("Fin (heure de Paris)").fill(ends);
}

test("the owner schedules, lists and cancels reductions, « Soldes » only in the period, with the keyboard", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await ownerContext(browser);
  await createProductAsOwner(owner.request, { name: fresh, price: 10 });
  // On sale since 1 October, written behind the server's back as the owner would have then.
  await createProduct(
    { ...shopDeps(), clock: () => new Date("2026-10-01T09:00:00Z") },
    { ...(seedProducts[0] as (typeof seedProducts)[number]), name: october, price: 12, stock: 5 },
  );
  const page = await owner.newPage();
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/admin/reductions")
      posts.push(request.url());
  });
  await page.goto("/admin");
  const tab = page.getByRole("tab", { name: "Réductions", exact: true });
  await press(page, page.getByRole("tab", { name: "Statistiques", exact: true }), "End");
  await expect(page.getByRole("tab", { name: "Paramètres", exact: true })).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(tab).toBeFocused();
  await expect(tab).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel", { name: "Réductions" });
  await expect(panel.getByRole("heading", { level: 2, name: "Réductions" })).toBeVisible();

  // The national periods of this year and next, in Paris dates.
  const periods = panel.locator("[data-sales-periods]");
  await expect(periods).toContainText(
    "Soldes d'hiver : du mercredi 6 janvier 2027 à 8 h au mardi 2 février 2027",
  );
  await expect(periods).toContainText(
    "Soldes d'été : du mercredi 24 juin 2026 à 8 h au mardi 21 juillet 2026",
  );
  await expectAxeClean(page, "[data-admin-panel]");

  // A « Promotion » of 20 % on the product created today; a double Enter sends one POST.
  const open = panel.getByRole("button", { name: "Programmer une réduction" });
  await press(page, open);
  const dialog = page.getByRole("dialog", { name: "Programmer une réduction" });
  await expect(dialog).toContainText("« Soldes » n'est permis que pendant les soldes nationales");
  await expect(dialog.getByRole("checkbox", { name: new RegExp(fresh) })).toBeVisible();
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await fillForm(page, dialog, {
    product: fresh,
    soldes: false,
    starts: "2027-03-01T08:00",
    ends: "2027-03-10T20:00",
  });
  await expectAxeClean(page, '[role="dialog"]');
  await dialog.getByRole("button", { name: "Programmer" }).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  expect(posts).toHaveLength(1);
  await expect(panel.getByRole("status").filter({ hasText: /./ }).first()).toHaveText(
    "Réduction « Promotion » programmée sur 1 produit.",
  );
  const promotion = card(page, fresh);
  await expect(promotion.getByRole("heading", { level: 3 })).toHaveText(
    "Promotion du lundi 1 mars 2027 à 8 h au mercredi 10 mars 2027 à 20 h",
  );
  await expect(promotion.getByRole("heading", { level: 3 })).toBeFocused();
  await expect(promotion).toContainText("Programmée");
  const row = promotion.getByRole("row", { name: new RegExp(fresh) });
  await expect(row.getByRole("cell").nth(0)).toHaveText("10,00 €");
  await expect(row.getByRole("cell").nth(1)).toHaveText("8,00 €");
  await expect(row.locator("s")).toHaveText("10,00 €");
  await expect(row).toContainText("-20 %");
  await expect(promotion).toContainText(
    "Prix de référence : le prix le plus bas des 30 jours précédant la réduction",
  );
  await expectAxeClean(page, "[data-admin-panel]");

  // Its product's price history, up to now: created today at 10 €.
  const historyButton = row.getByRole("button", { name: `Historique des prix de « ${fresh} »` });
  await press(page, historyButton);
  const history = page.getByRole("dialog", { name: `Historique des prix : ${fresh}` });
  await expect(history.getByRole("row")).toHaveCount(2);
  await expect(history.getByRole("row").nth(1)).toContainText("10,00 €");
  await expect(history.getByRole("row").nth(1)).toContainText("Création du produit");
  await expectAxeClean(page, '[role="dialog"]');
  await page.keyboard.press("Escape");
  await expect(history).toHaveCount(0);
  await expect(historyButton).toBeFocused();

  // While it is scheduled, its product's price is held: the product form says so as it says its other refusals.
  await press(page, tab, "Home");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Produits", exact: true })).toBeFocused();
  await press(page, page.getByRole("button", { name: `Modifier ${fresh}` }));
  const productForm = page.getByRole("dialog", { name: "Modifier le produit" });
  await productForm.getByLabel("Prix (€)", { exact: true }).fill("11");
  await press(page, productForm.getByRole("button", { name: "Modifier", exact: true }));
  await expect(productForm.getByRole("alert")).toHaveText(
    "Ce produit a une réduction programmée ou en cours : son prix ne peut changer qu'après sa fin, ou une fois la réduction annulée (le prix de référence annoncé en dépend).",
  );
  await press(page, productForm.getByRole("button", { name: "Annuler", exact: true }));
  await expect(productForm).toHaveCount(0);
  await press(page, page.getByRole("tab", { name: "Produits", exact: true }), "End");
  await page.keyboard.press("ArrowLeft");
  await expect(tab).toHaveAttribute("aria-selected", "true");

  // « Annuler », confirmed: the reduction is gone, the list's heading has the focus.
  await press(page, promotion.getByRole("button", { name: "Annuler" }));
  const confirm = page.getByRole("alertdialog", { name: "Annuler la réduction" });
  await expect(confirm.getByRole("button", { name: "Garder la réduction" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(confirm.getByRole("button", { name: "Annuler la réduction" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(confirm).toHaveCount(0);
  await expect(promotion).toHaveCount(0);
  await expect(panel.getByRole("status").filter({ hasText: /./ }).first()).toHaveText("Réduction annulée.");
  await expect(
    panel.getByRole("heading", { name: "Réductions programmées, en cours et terminées" }),
  ).toBeFocused();

  // « Soldes » from 1 to 3 January: before the winter period, refused, the refusal announced and focused.
  await press(page, open);
  await fillForm(page, dialog, {
    product: october,
    soldes: true,
    starts: "2027-01-01T08:00",
    ends: "2027-01-03T20:00",
  });
  await press(page, dialog.getByRole("button", { name: "Programmer" }));
  const refusals = dialog.getByRole("alert");
  await expect(refusals).toContainText("« Soldes » n'est permis que pendant les soldes nationales");
  await expect(refusals).toBeFocused();
  await expectAxeClean(page, '[role="dialog"]');

  // In the period, on the product created today: refused, naming it.
  await fillForm(page, dialog, {
    product: fresh,
    soldes: true,
    starts: "2027-01-07T08:00",
    ends: "2027-01-20T20:00",
  });
  await press(page, dialog.getByRole("button", { name: "Programmer" }));
  await expect(refusals).toContainText(
    `« ${fresh} » est en vente depuis moins d'un mois avant le début des soldes (6 janvier 2027)`,
  );
  await expect(refusals).not.toContainText("n'est permis que pendant");
  await expect(refusals).toBeFocused();

  // In the period, on the product on sale since October: scheduled.
  await fillForm(page, dialog, {
    product: october,
    soldes: true,
    starts: "2027-01-07T08:00",
    ends: "2027-01-20T20:00",
  });
  await press(page, dialog.getByRole("button", { name: "Programmer" }));
  await expect(dialog).toHaveCount(0);
  const soldes = card(page, october);
  await expect(soldes.getByRole("heading", { level: 3 })).toHaveText(
    "Soldes du jeudi 7 janvier 2027 à 8 h au mercredi 20 janvier 2027 à 20 h",
  );
  await expect(soldes.getByRole("heading", { level: 3 })).toBeFocused();
  await expect(soldes).toContainText("Programmée");
  const soldesRow = soldes.getByRole("row", { name: new RegExp(october) });
  await expect(soldesRow.locator("s")).toHaveText("12,00 €");
  await expect(soldesRow.getByRole("cell").nth(1)).toHaveText("9,60 €");
  await expect(soldesRow).toContainText("-20 %");
  expect(posts).toHaveLength(4);
  await owner.close();
});

test("a running reduction is stopped now, after a confirmation, and its product's history says when", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await ownerContext(browser);
  await createProductAsOwner(owner.request, { name: running, price: 10 });
  const page = await owner.newPage();
  await page.goto("/admin#reductions");
  const panel = page.getByRole("tabpanel", { name: "Réductions" });
  await expect(panel.getByRole("heading", { level: 2, name: "Réductions" })).toBeVisible();

  // It starts at the minute after next (a start must be to come when it is scheduled), for a day.
  const start = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
  await press(page, panel.getByRole("button", { name: "Programmer une réduction" }));
  const dialog = page.getByRole("dialog", { name: "Programmer une réduction" });
  await fillForm(page, dialog, {
    product: running,
    soldes: false,
    starts: parisWallText(start),
    ends: parisWallText(new Date(start.getTime() + 86_400_000)),
  });
  await press(page, dialog.getByRole("button", { name: "Programmer" }));
  await expect(dialog).toHaveCount(0);
  await expect(card(page, running)).toContainText("Programmée");

  // Once started, read again (the tab opened anew): « En cours », stopped now after its question.
  await page.waitForTimeout(start.getTime() - Date.now() + 1_000);
  const tab = page.getByRole("tab", { name: "Réductions", exact: true });
  await press(page, tab, "Home");
  await press(page, page.getByRole("tab", { name: "Statistiques", exact: true }), "End");
  await page.keyboard.press("ArrowLeft");
  await expect(tab).toHaveAttribute("aria-selected", "true");
  const reduction = card(page, running);
  await expect(reduction).toContainText("En cours");
  await expect(reduction.getByRole("button", { name: "Annuler" })).toHaveCount(0);
  await press(page, reduction.getByRole("button", { name: "Arrêter maintenant" }));
  const confirm = page.getByRole("alertdialog", { name: "Arrêter la réduction" });
  await expect(confirm).toContainText("les produits reprennent leur prix habituel");
  await expectAxeClean(page, '[role="alertdialog"]');
  await page.keyboard.press("Tab");
  await expect(confirm.getByRole("button", { name: "Arrêter maintenant" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(confirm).toHaveCount(0);
  await expect(panel.getByRole("status").filter({ hasText: /./ }).first()).toHaveText("Réduction arrêtée.");
  await expect(reduction).toContainText("Terminée");
  await expect(reduction.getByRole("heading", { level: 3 })).toBeFocused();
  await expect(reduction.getByRole("button", { name: "Arrêter maintenant" })).toHaveCount(0);

  // Its history: created at 10 €, 8 € from the start, 10 € again from the stop.
  await press(page, reduction.getByRole("button", { name: `Historique des prix de « ${running} »` }));
  const history = page.getByRole("dialog", { name: `Historique des prix : ${running}` });
  const lines = history.getByRole("row");
  await expect(lines).toHaveCount(4);
  await expect(lines.nth(1)).toContainText("Création du produit");
  await expect(lines.nth(2)).toContainText("8,00 €");
  await expect(lines.nth(2)).toContainText("Début de réduction");
  await expect(lines.nth(3)).toContainText("10,00 €");
  await expect(lines.nth(3)).toContainText("Fin de réduction");
  await owner.close();
});
