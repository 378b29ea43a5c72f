import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { formatAmount } from "../../src/domain/admin/admin-format";
import { DEFAULT_PRODUCT_IMAGE } from "../../src/domain/catalog/product-rules";
import { expect, type Page, test } from "./fixtures";
import { createProductAsOwner, customerWithTransferOrder, ownerContext, signInAsOwner } from "./support";

/**
 * What the owner sees right after her own actions in the admin (issue 28 items 12, 13 and 17): a product created
 * without an image URL gets its photos in the same dialog and shows the shop's illustration until then; the
 * Statistiques figures follow « Virement reçu »; the Produits list follows « Ajuster le stock ». No reload.
 */
test.use({ serviceWorkers: "block" });

function signInAsAdmin(page: Page) {
  return signInAsOwner(page.request);
}

/** A customer's bank-transfer order of one product `productId`, with its total in euros. */
function transferOrder(page: Page, productId: number) {
  return customerWithTransferOrder(page.request, "Inès Garnier", { productId });
}

test("a new product is created without an image URL and gets its photo in the same dialog", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const name = `Savon sans image ${Date.now().toString(36)}`;
  await page.goto("/admin#produits");
  await page.getByRole("button", { name: "Nouveau Produit" }).click();
  const created = page.getByRole("dialog", { name: "Nouveau produit" });
  await created.getByLabel("Nom du produit").fill(name);
  await created.getByLabel("Prix (€)").fill("9.50");
  await created.getByLabel("Poids").fill("150g");
  await created.getByLabel("Description courte").fill("Un savon qui attend sa photo.");
  await created.getByLabel("Produit actif").uncheck();
  await created.getByRole("button", { name: "Créer" }).click();

  // The same dialog, now the product's: its photos can be added at once.
  const dialog = page.getByRole("dialog", { name: "Modifier le produit" });
  await expect(dialog.getByText(`Produit « ${name} » créé : ajoutez ses photos ci-dessous.`)).toBeVisible();
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(row.locator("img")).toHaveAttribute("src", DEFAULT_PRODUCT_IMAGE);
  await expect(dialog.getByLabel("URL de l'image (optionnel)")).toHaveValue("");

  const photos = dialog.getByRole("region", { name: "Photos" });
  const folder = mkdtempSync(join(tmpdir(), "e2e-owner-"));
  const file = join(folder, "savon.jpg");
  writeFileSync(
    file,
    await sharp({ create: { width: 900, height: 900, channels: 3, background: "#6b7d35" } })
      .jpeg()
      .toBuffer(),
  );
  const chooser = page.waitForEvent("filechooser");
  await photos.getByRole("button", { name: "Choisir des photos" }).click();
  await (await chooser).setFiles([file]);
  await expect(photos.getByRole("status")).toHaveText("1 photo ajoutée.", { timeout: 20_000 });
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.locator("img")).toHaveAttribute("src", /^\/media\//);
});

test("« Virement reçu » in the to-do list refreshes the Statistiques figures at once", async ({
  page,
  browser,
}) => {
  const order = await transferOrder(page, 1);
  const owner = await ownerContext(browser);
  const stats = (await (await owner.request.get("/api/admin/stats")).json()) as {
    totalRevenue: number;
    pendingOrders: number;
  };
  const admin = await owner.newPage();
  await admin.goto("/admin");
  const revenue = admin.locator('[data-stat="totalRevenue"]');
  await expect(revenue).toHaveText(formatAmount(stats.totalRevenue));
  await admin.getByRole("button", { name: `Virement reçu : commande n° ${order.order_number}` }).click();
  await expect(admin.getByRole("region", { name: /À faire aujourd'hui/ }).getByRole("status")).toHaveText(
    `Virement de la commande n° ${order.order_number} enregistré : la facture est émise.`,
  );
  await expect(revenue).toHaveText(formatAmount(stats.totalRevenue + order.total));
  await owner.close();
});

test("the Produits list shows the stock after « Ajuster le stock », and the ledger the stock after a sale", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const name = `Savon compté ${Date.now().toString(36)}`;
  const { id } = await createProductAsOwner(page.request, {
    name,
    price: 10,
    description: "Un savon pour compter",
    stock: 20,
  });
  await transferOrder(page, id);
  await signInAsAdmin(page); // the order was placed by a customer signed in on this page's context

  await page.goto("/admin#produits");
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(row).toContainText("Stock : 19");
  await row.getByRole("button", { name: `Modifier ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Modifier le produit" });
  const ledger = dialog.getByRole("table", { name: /Mouvements de stock/ });
  const stockAfter = (index: number) => ledger.getByRole("row").nth(index).getByRole("cell").last();
  // The sale's row says what it left, like an adjustment's.
  await expect(ledger.getByRole("row").nth(1)).toContainText("Vente");
  await expect(stockAfter(1)).toHaveText("19");

  await dialog.getByLabel("Quantité (+ ou −)").fill("-2");
  await dialog.getByLabel("Raison", { exact: true }).fill("2 cassés");
  await dialog.getByRole("button", { name: "Ajuster le stock" }).click();
  await expect(dialog.getByText("Stock ajusté de −2 : 17 en stock.")).toBeVisible();
  await expect(ledger.getByRole("row").nth(1)).toContainText("2 cassés");
  await expect(stockAfter(1)).toHaveText("17");
  // Behind the dialog, and once it is closed: the stock the server holds, without a reload.
  await expect(row).toContainText("Stock : 17");
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Stock : 17");
});
