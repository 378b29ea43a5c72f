import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { E2E_ADMIN } from "../../playwright.config";
import { expect, type Page, test } from "./fixtures";
import { addToCartFromProductPage, postTransferOrder, signedInCustomer } from "./support";

/**
 * The owner's first day (issue 16, decision record 020), on a shop exactly as a first `npm start` leaves it
 * (`npm run test:e2e:first-day`: no SEED_SETTINGS, publishing on). The checklist says what is missing, the checkout
 * takes no order and the legal pages show no placeholder; the owner fills in her settings, the checklist turns
 * complete, the pages republish themselves, and a customer buys by bank transfer.
 */
test.skip(process.env.E2E_NEW_SHOP !== "1", "the first day runs on a new shop: npm run test:e2e:first-day");
test.setTimeout(300_000);
test.use({ serviceWorkers: "block" });

const PUBLISH_DELAY_MS = 60_000;
const IDENTITY = {
  legalName: "Mariam Haddad EI",
  legalForm: "Entreprise individuelle (micro-entreprise)",
  siret: "812 345 678 00021",
  address: "3 place du Marché, 84000 Avignon",
  email: "bonjour@savonnerie-haddad.fr",
  phone: "04 90 12 34 56",
};
const BANK = {
  iban: "FR76 3000 6000 0112 3456 7890 189",
  bic: "AGRIFRPP",
  holder: "Mariam Haddad",
  bank: "Crédit Agricole",
};

/** The raw HTML the server sends for a path, as a first visit gets it. */
async function html(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path, { headers: { "cache-control": "no-cache" } });
  return response.ok() ? response.text() : `HTTP ${response.status()}`;
}

test("the owner's first day: checklist, closed checkout, settings filled in, then a customer's transfer order", async ({
  page,
  browser,
  baseURL,
}) => {
  // A customer arrives early: signed in, an address, a soap in the cart.
  const shopper = await browser.newContext({ baseURL, locale: "fr-FR", serviceWorkers: "block" });
  const customer = await shopper.newPage();
  const { addressId } = await signedInCustomer(customer.request, "Inès Laurier");
  await addToCartFromProductPage(customer, 1);

  // The checkout is closed, and says so; the API refuses the order.
  await customer.goto("/payment");
  await expect(
    customer.getByText("La boutique ne prend pas encore de commandes : elle termine sa mise en place."),
  ).toBeVisible();
  await expect(customer.getByRole("button", { name: "Confirmer la commande" })).toHaveCount(0);
  // Any total: the shop refuses before pricing.
  const refused = await postTransferOrder(customer.request, {
    items: [{ product_id: 1, quantity: 1 }],
    addressId,
    senderName: "Inès Laurier",
    total: 1,
  });
  expect(refused.status()).toBe(503);

  // The legal pages show no placeholder, and no « à compléter »; no sentence promises or points at a contact the
  // settings do not give yet (issue 28 item 14).
  for (const path of [
    "/cgv",
    "/legal-mentions",
    "/faq",
    "/",
    "/returns-and-exchanges",
    "/copyright",
    "/accessibilite",
  ]) {
    const page_ = await html(page, path);
    expect(page_, path).not.toContain("à compléter");
    for (const dangling of ["publiée très bientôt", "adresse ci-dessus", "adresse du Vendeur", "mailto:"])
      expect(page_, `${path}: ${dangling}`).not.toContain(dangling);
    for (const invented of [
      "04 90 00 00 00",
      "12 rue des Oliviers",
      "contact@savon-alep-artisanal.fr",
      "FR76",
    ])
      expect(page_, `${path}: ${invented}`).not.toContain(invented);
  }

  // The owner signs in: her dashboard says what is missing.
  expect((await page.request.post("/api/auth/signin", { data: E2E_ADMIN })).ok()).toBe(true);
  await page.goto("/admin");
  const setup = page.getByRole("region", { name: "Mise en place de la boutique" });
  await expect(setup.getByText("La boutique ne peut pas encore prendre de commandes.")).toBeVisible();
  const item = (name: string) => setup.getByRole("listitem").filter({ hasText: name });
  for (const name of [
    "Identité de l'entreprise",
    "Médiateur de la consommation",
    "Virement bancaire",
    "PayPal",
  ])
    await expect(item(name).getByText("À compléter")).toBeVisible();
  await expect(item("Livraison").getByText("Prêt")).toBeVisible();

  // « Compléter » leads to the company card, its Modifier button focused.
  await setup.getByRole("link", { name: "Compléter : Identité de l'entreprise" }).click();
  const company = page.getByRole("region", { name: "Entreprise" });
  const editCompany = company.getByRole("button", { name: "Modifier : Entreprise" });
  await expect(editCompany).toBeFocused();
  await editCompany.click();
  await company.getByLabel("Nom ou dénomination du vendeur").fill(IDENTITY.legalName);
  await company.getByLabel("E-mail").fill(IDENTITY.email);
  await company.getByLabel("Téléphone").fill(IDENTITY.phone);
  await company.getByLabel("Adresse").fill(IDENTITY.address);
  await company.getByLabel("Forme juridique").fill(IDENTITY.legalForm);
  await company.getByLabel("SIRET").fill(IDENTITY.siret);
  await company.getByLabel("Médiateur de la consommation").fill("CM2C");
  await company.getByLabel("Site du médiateur").fill("https://www.cm2c.net");
  await company.getByRole("button", { name: "Enregistrer" }).click();
  await expect(editCompany).toBeFocused();
  await expect(company).toContainText(IDENTITY.siret);

  // A mistyped IBAN is refused in French; the right one is kept.
  const bank = page.getByRole("region", { name: "Virement bancaire" });
  await bank.getByRole("button", { name: "Modifier : Virement bancaire" }).click();
  await bank.getByLabel("IBAN").fill("FR76 3000 6000 0112 3456 7890 188");
  await bank.getByLabel("BIC").fill(BANK.bic);
  await bank.getByLabel("Bénéficiaire").fill(BANK.holder);
  await bank.getByLabel("Banque").fill(BANK.bank);
  await bank.getByRole("button", { name: "Enregistrer" }).click();
  await expect(bank.getByText("IBAN invalide : vérifiez-le sur votre RIB.")).toBeVisible();
  await bank.getByLabel("IBAN").fill(BANK.iban);
  await bank.getByRole("button", { name: "Enregistrer" }).click();
  await expect(bank.getByRole("button", { name: "Modifier : Virement bancaire" })).toBeFocused();

  // Her own photos on her first soap, from her computer.
  await page.getByRole("tab", { name: "Produits", exact: true }).click();
  await page.getByRole("button", { name: "Modifier Savon d'Alep Traditionnel" }).click();
  const photos = page
    .getByRole("dialog", { name: "Modifier le produit" })
    .getByRole("region", { name: "Photos" });
  const folder = mkdtempSync(join(tmpdir(), "first-day-photos-"));
  const files = [];
  for (const [name, colour] of [
    ["face.jpg", "#6b7d35"],
    ["tranche.jpg", "#d8b877"],
  ] as const) {
    const file = join(folder, name);
    writeFileSync(
      file,
      await sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
        .jpeg()
        .toBuffer(),
    );
    files.push(file);
  }
  const chooser = page.waitForEvent("filechooser");
  await photos.getByRole("button", { name: "Choisir des photos" }).click();
  await (await chooser).setFiles(files);
  await expect(photos.getByRole("status")).toHaveText("2 photos ajoutées.", { timeout: 20_000 });
  await page
    .getByRole("dialog", { name: "Modifier le produit" })
    .getByRole("button", { name: "Annuler" })
    .click();

  // The checklist is complete but for PayPal, which the shop can do without: it takes orders.
  await page.getByRole("tab", { name: "Statistiques", exact: true }).click();
  await expect(setup.getByText("La boutique peut prendre des commandes.")).toBeVisible();
  for (const name of ["Identité de l'entreprise", "Médiateur de la consommation", "Virement bancaire"])
    await expect(item(name).getByText("Prêt")).toBeVisible();
  await expect(item("PayPal").getByText("À compléter")).toBeVisible();

  // The customer comes back: PayPal is not set up, so bank transfer is chosen for her; she orders.
  await customer.goto("/payment");
  await expect(customer.getByRole("radio", { name: /Virement bancaire/ })).toBeChecked();
  await expect(customer.getByText("PayPal n'est pas configuré.")).toBeVisible();
  await customer.getByLabel("Nom de la personne qui effectuera le virement").fill("Inès Laurier");
  await customer.getByRole("checkbox", { name: /J'ai lu et j'accepte/ }).check();
  await customer.getByRole("button", { name: "Confirmer la commande" }).click();
  await expect(customer.getByRole("heading", { name: "Commande Enregistrée !" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(customer.getByText(BANK.holder)).toBeVisible();
  await expect(customer.getByText(BANK.bic)).toBeVisible();
  await expect(customer.getByText(BANK.bank)).toBeVisible();
  // Three seconds later, « Mes commandes » keeps the instructions while the transfer is awaited.
  await expect(customer).toHaveURL(/\/orders\/?$/, { timeout: 10_000 });
  const instructions = customer.getByRole("heading", { name: "Informations pour le virement" }).locator("..");
  for (const text of [BANK.holder, BANK.bic, BANK.bank])
    await expect(instructions.getByText(text, { exact: true })).toBeVisible();
  await expect(instructions.getByText(/^CMD-[0-9A-Z]{8}$/)).toBeVisible();

  // The owner's edits republish the legal pages by themselves: the real identity, the mediator.
  await expect
    .poll(async () => html(page, "/legal-mentions"), {
      timeout: PUBLISH_DELAY_MS,
      intervals: [1000],
    })
    .toContain(IDENTITY.siret);
  // The prebuilt product page shows her photos (republished after the upload).
  await expect
    .poll(async () => html(page, "/product/1"), { timeout: PUBLISH_DELAY_MS, intervals: [1000] })
    .toMatch(/<source type="image\/avif" srcset="\/media\/products\/1\/[0-9a-z]+-320\.avif 320w/i);
  const cgv = await html(page, "/cgv");
  expect(cgv).toContain(IDENTITY.legalName);
  // Each way to reach the seller is cited with its value once given.
  expect(cgv).toContain(`par courrier à l'adresse ${IDENTITY.address}`);
  expect(cgv).toContain(`<a href="mailto:${IDENTITY.email}">${IDENTITY.email}</a>`);
  expect(await html(page, "/faq")).toContain(
    `par téléphone au <a href="tel:0490123456">${IDENTITY.phone}</a>`,
  );
  expect(cgv).toContain("CM2C");
  await shopper.close();
});
