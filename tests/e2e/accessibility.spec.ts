import AxeBuilder from "@axe-core/playwright";
import { E2E_ADMIN } from "../../playwright.config";
import { expect, type Page, test } from "./fixtures";
import { addToCartFromProductPage, customerWithTransferOrder, WCAG } from "./support";

/**
 * axe on every page and every admin tab (issue 16), with the WCAG 2.2 AA rules: a violation fails the test with
 * its rule, its elements and axe's help. Pages are checked once their islands have loaded.
 */
test.use({ serviceWorkers: "block" });

async function expectNoViolations(page: Page, where: string) {
  await page.waitForLoadState("networkidle");
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes
        .map((node) => node.target.join(" "))
        .join("\n    ")}`,
  );
  expect(found, `${where}: axe found`).toEqual([]);
}

test("every public page is axe-clean", async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of [
    "/",
    "/product/1",
    "/faq",
    "/cgv",
    "/legal-mentions",
    "/returns-and-exchanges",
    "/copyright",
    "/accessibilite",
    "/avis-clients",
    "/retractation",
    "/reset-password?token=abc",
    "/maintenance",
    "/page-qui-n-existe-pas",
    "/cart",
    "/orders",
    "/profile",
  ]) {
    await page.goto(path);
    await expectNoViolations(page, path);
  }
  // The sign-in dialog, open.
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Connexion", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Connexion" })).toBeVisible();
  await expectNoViolations(page, "dialogue de connexion");
});

test("a customer's pages are axe-clean: cart, checkout, orders, tracking, profile", async ({ page }) => {
  test.setTimeout(120_000);
  // A customer signed in in this page's context, with a transfer order of one soap.
  const { id: orderId } = await customerWithTransferOrder(page.request, "Alix Laurier");
  await addToCartFromProductPage(page, 2);
  for (const path of ["/cart", "/payment", "/orders", `/orders/track/${orderId}`, "/profile"]) {
    await page.goto(path);
    await expectNoViolations(page, path);
  }
});

test("every admin tab is axe-clean, and the product form", async ({ page }) => {
  test.setTimeout(120_000);
  expect((await page.request.post("/api/auth/signin", { data: E2E_ADMIN })).ok()).toBe(true);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  for (const name of [
    "Statistiques",
    "Utilisateurs",
    "Produits",
    "Commandes",
    "Avis",
    "Codes Promo",
    "Réductions",
    "Paramètres",
  ]) {
    await page.getByRole("tab", { name, exact: true }).click();
    await expect(page.getByRole("tab", { name, exact: true })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText(/^Chargement/)).toHaveCount(0);
    await expectNoViolations(page, `onglet ${name}`);
  }
  await page.getByRole("tab", { name: "Produits", exact: true }).click();
  await page.getByRole("button", { name: "Nouveau Produit" }).click();
  await expectNoViolations(page, "formulaire produit");
});
