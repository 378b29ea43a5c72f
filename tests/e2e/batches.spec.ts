import { join } from "node:path";
import { E2E_DATA_DIR } from "../../playwright.config";
import { readMails } from "../support/mail";
import { expect, test } from "./fixtures";
import {
  createProductAsOwner,
  customerInOwnContext,
  deleteProductsAsOwner,
  ownerApi,
  placeTransferOrder,
  signInAsAdmin,
} from "./support";

/**
 * The owner's recall (issue 15, decision record 018): she records a lot in the product form, a customer buys, she
 * opens « Rappel de lot », sends the recall e-mail, the mail is written, and the view says who was told and when.
 */
const mailDir = join(E2E_DATA_DIR, "mail");
const unique = (tag: string) => `${tag}-${Date.now().toString(36)}`;
let productId = 0;

test.afterEach(async ({ playwright }) => {
  if (!productId) return;
  const api = await ownerApi(playwright);
  await deleteProductsAsOwner(api, [productId]);
  await api.dispose();
  productId = 0;
});

test("the owner records a lot, a customer buys, the owner sends the recall once and sees who was told", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const name = unique("Savon lot");
  const product = await createProductAsOwner(page.request, { name, price: 20, stock: 10 });
  productId = product.id;

  // The owner records a lot in the product form's « Lots » panel.
  await page.getByRole("tab", { name: "Produits", exact: true }).click();
  const panel = page.getByRole("tabpanel", { name: "Produits" });
  const item = panel.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await item.getByRole("button", { name: `Modifier ${name}` }).click();
  const form = page.getByRole("dialog", { name: "Modifier le produit" });
  const lot = `L${Date.now().toString(36).toUpperCase()}`;
  await form.getByLabel("Numéro de lot").fill(lot);
  await form.getByLabel("Quantité du lot").fill("8");
  await form.getByLabel("Date de fabrication").fill("2026-01-10");
  await form.getByLabel("Date de péremption").fill("2028-01-10");
  await form.getByLabel("Version INCI").fill("v2");
  await form.getByRole("button", { name: "Enregistrer le lot" }).click();
  await expect(form.getByRole("status").filter({ hasText: "enregistré" })).toHaveText(
    `Lot ${lot} enregistré (8 unités).`,
  );
  const lots = form.getByRole("table", { name: "Lots du produit" });
  await expect(lots.getByRole("row").filter({ hasText: lot })).toContainText("8 / 8");

  // A customer buys 2.
  const buyer = await customerInOwnContext(browser, "Nora Rappel");
  const { email } = buyer;
  const placed = await placeTransferOrder(buyer.page.request, {
    product,
    quantity: 2,
    addressId: buyer.addressId,
    senderName: buyer.fullName,
  });
  await buyer.context.close();

  // The owner opens the recall of the lot: the order and its customer are listed, not told yet.
  await form.getByRole("button", { name: `Rappel de lot ${lot}` }).click();
  const recall = form.getByRole("region", { name: `Rappel du lot ${lot}` });
  const row = recall.getByRole("row").filter({ hasText: placed.id.slice(-8).toUpperCase() });
  await expect(row).toContainText(email);
  await expect(row).toContainText("Pas encore prévenu");

  // The mail must say what the danger is: the owner describes it first.
  await recall.getByRole("button", { name: "Envoyer l'e-mail de rappel" }).click();
  await expect(recall.getByText("Décrivez le risque en une phrase au moins")).toBeVisible();
  await recall
    .getByLabel("Risque pour le consommateur")
    .fill("Risque d'irritation de la peau (trop de soude).");
  await recall.getByRole("button", { name: "Envoyer l'e-mail de rappel" }).click();
  await expect(recall.getByRole("status")).toHaveText("1 e-mail(s) de rappel envoyé(s).");
  await expect(row).toContainText(`Prévenu le`);
  await expect(row).toContainText(email);
  await expect(recall.getByRole("button", { name: "Envoyer l'e-mail de rappel" })).toBeDisabled();

  const mails = readMails(mailDir).filter((mail) => mail.to.includes(email) && mail.subject.includes(lot));
  expect(mails).toHaveLength(1);
  expect(mails[0]?.subject).toContain(`Rappel de sécurité du produit « ${name} »`);
  expect(mails[0]?.text).toContain("cessez immédiatement d'utiliser ce produit");
  expect(mails[0]?.text).toContain("Le risque : Risque d'irritation de la peau (trop de soude).");
});
