import AxeBuilder from "@axe-core/playwright";
import { E2E_ADMIN } from "../../playwright.config";
import { expect, test } from "./fixtures";

/**
 * Issue 19: the owner sets when an unpaid transfer is chased and when its order is cancelled, in the Paramètres tab,
 * with the keyboard alone; a cancellation that does not come after the reminder is refused in French, next to the
 * field; the open form is axe-clean.
 */
test.use({ serviceWorkers: "block" });

test("the owner edits the transfers' reminder and cancellation delays with the keyboard", async ({
  page,
}) => {
  expect((await page.request.post("/api/auth/signin", { data: E2E_ADMIN })).ok()).toBe(true);
  await page.goto("/admin#parametres");
  await page.getByRole("tab", { name: "Paramètres", exact: true }).click();
  const card = page.getByRole("region", { name: "Virements non reçus" });
  await expect(card).toContainText("après 5 jours");
  await expect(card).toContainText("après 10 jours");

  const edit = card.getByRole("button", { name: "Modifier : Virements non reçus" });
  await edit.focus();
  await page.keyboard.press("Enter");
  const remind = card.getByLabel("Relancer le client après (jours)");
  const cancel = card.getByLabel("Annuler la commande après (jours)");
  await expect(remind).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("7");
  await page.keyboard.press("Tab");
  await expect(cancel).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("7");
  await page.keyboard.press("Enter");
  await expect(card.getByText("L'annulation doit venir après la relance", { exact: false })).toBeVisible();
  await expect(cancel).toHaveAttribute("aria-invalid", "true");

  await page.waitForLoadState("networkidle");
  const { violations } = await new AxeBuilder({ page })
    .include("#reglages-bank_transfer_follow_up")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);

  await cancel.fill("12");
  await cancel.press("Enter");
  await expect(edit).toBeFocused();
  await expect(card).toContainText("après 7 jours");
  await expect(card).toContainText("après 12 jours");

  // Back to the defaults, for the other journeys.
  await edit.click();
  await remind.fill("5");
  await cancel.fill("10");
  await card.getByRole("button", { name: "Enregistrer" }).click();
  await expect(card).toContainText("après 10 jours");
});
