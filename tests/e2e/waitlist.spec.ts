import { join } from "node:path";
import { E2E_DATA_DIR } from "../../playwright.config";
import { readMails } from "../support/mail";
import { type APIRequestContext, expect, type Page, test } from "./fixtures";
import { createProductAsOwner, deleteProductsAsOwner, expectAxeClean, ownerApi } from "./support";

/**
 * The waitlist of an out-of-stock product (issue 19; decision record 026) in Chromium: the form on the prebuilt
 * product page (framework-free) and on a product created after the build (the React shell), with the keyboard only,
 * axe-clean; the confirmation link followed from the local mail folder; the shopper told when the stock comes back.
 */
test.use({ serviceWorkers: "block" });

const mailDir = join(E2E_DATA_DIR, "mail");
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}@e2e.test`;

async function adjust(api: APIRequestContext, productId: number, delta: number) {
  const response = await api.post(`/api/admin/products/${productId}/stock-adjustments`, {
    data: { delta, note: delta < 0 ? "Test de la liste d'attente" : "Retour du séchoir" },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const mailsTo = (email: string) => readMails(mailDir).filter((mail) => mail.to === email);

/** Fills the form with the keyboard only: a missing consent is refused first, with the focus on the box. */
async function signUpWithKeyboard(page: Page, email: string) {
  const form = page.getByRole("form", { name: "Être prévenu(e) du retour en stock" });
  await expect(form).toBeVisible();
  const field = form.getByLabel("Votre adresse e-mail");
  await field.focus();
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  const consent = form.getByRole("checkbox", { name: /J'accepte que mon adresse e-mail serve uniquement/ });
  await expect(form.getByText("Cochez la case pour accepter")).toBeVisible();
  await expect(consent).toBeFocused();
  await expect(consent).not.toBeChecked();
  await page.keyboard.press("Space");
  await expect(consent).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "Me prévenir" })).toBeFocused();
  await page.keyboard.press("Enter");
  const status = form.getByRole("status");
  await expect(status).toContainText("Nous venons de vous envoyer un e-mail");
  await expect(status).toBeFocused();
}

test("an out-of-stock product page takes a waitlist request; the mail's link confirms it; the restock tells the shopper", async ({
  page,
  playwright,
}) => {
  const api = await ownerApi(playwright);
  const productId = 2;
  const { stock, name } = (await (await api.get(`/api/products/${productId}`)).json()) as {
    stock: number;
    name: string;
  };
  await adjust(api, productId, -stock);
  const email = uniqueEmail("attente");
  try {
    await page.goto(`/product/${productId}`);
    await expect(page.getByText("Rupture de Stock").first()).toBeVisible();
    const form = page.getByRole("form", { name: "Être prévenu(e) du retour en stock" });
    await expect(form).toBeVisible();
    // The unit price stays next to the price, above the waitlist card (arrêté du 16 novembre 1999).
    const unitPrice = await page.getByTestId("unit-price").boundingBox();
    const formBox = await form.boundingBox();
    expect(unitPrice?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(formBox?.y ?? 0);
    await page.waitForLoadState("networkidle");
    await expectAxeClean(page);

    await signUpWithKeyboard(page, email);
    await expectAxeClean(page);

    await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
    const mail = mailsTo(email)[0];
    expect(mail?.subject).toContain("Confirmez votre alerte de retour en stock");
    const link = /https?:\/\/\S+\/liste-d-attente\?confirmer=\S+/.exec(mail?.text ?? "")?.[0] ?? "";
    expect(link).not.toBe("");
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await expect(page.getByRole("status")).toHaveText(
      `C'est confirmé : nous vous écrirons dès que « ${name} » sera de nouveau en stock.`,
    );
    await expectAxeClean(page);

    const counts = (await (await api.get("/api/admin/waitlist")).json()) as {
      counts: Record<string, number>;
    };
    expect(counts.counts[String(productId)]).toBeGreaterThanOrEqual(1);
  } finally {
    await adjust(api, productId, stock);
  }
  // Back in stock: the shopper (the only one waiting for this product in this run) is told, once.
  const told = () => mailsTo(email).filter((mail) => mail.subject.includes("est de nouveau disponible"));
  await expect.poll(() => told().length, { timeout: 10_000 }).toBe(1);
  expect(told()[0]?.text).toContain(`/product/${productId}`);
  expect(told()[0]?.text).toContain("/liste-d-attente?desinscrire=");
  await api.dispose();
});

test("a product created after the build (the React shell) offers the same form", async ({
  page,
  playwright,
}) => {
  const api = await ownerApi(playwright);
  const { id } = await createProductAsOwner(api, {
    name: `Savon attente ${Date.now().toString(36)}`,
    price: 12,
    description: "Un savon en rupture",
    stock: 0,
  });
  try {
    await page.goto(`/product/${id}`);
    const email = uniqueEmail("coquille");
    await signUpWithKeyboard(page, email);
    await expectAxeClean(page);
    await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
  } finally {
    await deleteProductsAsOwner(api, [id]);
    await api.dispose();
  }
});
