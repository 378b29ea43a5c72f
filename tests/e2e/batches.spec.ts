import { join } from "node:path";
import { E2E_ADMIN, E2E_DATA_DIR, E2E_PORT } from "../../playwright.config";
import { COMPLETE_COSMETICS } from "../support/cosmetics";
import { readMails } from "../support/mail";
import { expect, type Page, test } from "./fixtures";

/**
 * The owner's recall (issue 15, decision record 018): she records a lot in the product form, a customer buys, she
 * opens « Rappel de lot », sends the recall e-mail, the mail is written, and the view says who was told and when.
 */
const mailDir = join(E2E_DATA_DIR, "mail");
const unique = (tag: string) => `${tag}-${Date.now().toString(36)}`;
let productId = 0;

test.afterEach(async ({ playwright }) => {
  if (!productId) return;
  const api = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  await api.post("/api/auth/signin", { data: E2E_ADMIN });
  await api.delete(`/api/admin/products/${productId}`, { headers: { "content-type": "application/json" } });
  await api.dispose();
  productId = 0;
});

async function signInAsAdmin(page: Page) {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Accès Refusé" })).toBeVisible();
  await page.getByRole("banner").getByRole("button", { name: "Connexion", exact: true }).click();
  const modal = page.getByRole("dialog", { name: "Connexion" });
  await modal.getByLabel("Adresse e-mail").fill(E2E_ADMIN.email);
  await modal.getByLabel("Mot de passe", { exact: true }).fill(E2E_ADMIN.password);
  await modal.getByRole("button", { name: "Se connecter" }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
}

test("the owner records a lot, a customer buys, the owner sends the recall once and sees who was told", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const name = unique("Savon lot");
  const created = await page.request.post("/api/admin/products", {
    data: {
      name,
      price: 20,
      weight: "200g",
      image: "/images/products/savon-alep-premium.svg",
      description: "Un savon pour les tests",
      stock: 10,
      low_stock_threshold: 2,
      benefits: [],
      is_active: true,
      ...COMPLETE_COSMETICS,
    },
  });
  expect(created.status()).toBe(201);
  productId = ((await created.json()) as { id: number }).id;

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
  const context = await browser.newContext();
  const buyer = await context.newPage();
  const email = `${unique("rappel")}@e2e.test`;
  const password = "savon-secret-1";
  expect(
    (
      await buyer.request.post("/api/auth/signup", { data: { email, password, fullName: "Nora Rappel" } })
    ).status(),
  ).toBe(201);
  expect((await buyer.request.post("/api/auth/signin", { data: { email, password } })).ok()).toBe(true);
  const address = await buyer.request.post("/api/user/addresses", {
    data: {
      first_name: "Nora",
      last_name: "Rappel",
      phone: "06 11 22 33 44",
      address_line1: "5 rue du Four",
      city: "Marseille",
      postal_code: "13001",
    },
  });
  const { id: addressId } = (await address.json()) as { id: string };
  const shipping = (await (await buyer.request.get("/api/settings/shipping")).json()) as {
    standard_cost: number;
  };
  const order = await buyer.request.post("/api/orders", {
    data: {
      items: [{ product_id: productId, quantity: 2 }],
      shipping_address_id: addressId,
      total_amount: Math.round((40 + shipping.standard_cost) * 100) / 100,
      payment_method: "bank_transfer",
      transfer_sender_name: "Nora Rappel",
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { order: placed } = (await order.json()) as { order: { id: string } };
  await context.close();

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
