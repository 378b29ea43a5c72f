import { readFileSync } from "node:fs";
import { join } from "node:path";
import { E2E_ADMIN, E2E_DATA_DIR } from "../../playwright.config";
import { lastResetLink } from "../support/mail";
import { expect, type Page, test } from "./fixtures";

/**
 * Account journeys in Chromium (spec 2 "Auth modal", "Profile", "Reset password"): the sign-in dialog, the
 * header's user menu, /profile and /reset-password, against the whole shop with its local mail folder.
 */
const mailDir = join(E2E_DATA_DIR, "mail");

let counter = 0;
function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now()}-${counter}@e2e.test`;
}

interface Account {
  email: string;
  password: string;
  fullName: string;
}

/** A customer created through the API, to start journeys that are not about signing up. */
async function createAccount(page: Page, tag: string, fullName = "Claire Savon"): Promise<Account> {
  const account = { email: uniqueEmail(tag), password: "savon-secret-1", fullName };
  const response = await page.request.post("/api/auth/signup", { data: account });
  expect(response.status()).toBe(201);
  return account;
}

function header(page: Page) {
  return page.getByRole("banner");
}

function dialog(page: Page, name?: string) {
  return page.getByRole("dialog", name ? { name } : undefined);
}

async function openSignIn(page: Page) {
  await header(page).getByRole("button", { name: "Connexion", exact: true }).click();
  await expect(dialog(page, "Connexion")).toBeVisible();
}

async function signIn(page: Page, email: string, password: string, expectedName: string) {
  await openSignIn(page);
  const modal = dialog(page, "Connexion");
  await modal.getByLabel("Adresse e-mail").fill(email);
  await modal.getByLabel("Mot de passe", { exact: true }).fill(password);
  await modal.getByRole("button", { name: "Se connecter" }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(header(page).getByRole("button", { name: expectedName })).toBeVisible();
}

async function signOut(page: Page, name: string) {
  await header(page).getByRole("button", { name }).click();
  await header(page).getByRole("button", { name: "Déconnexion" }).click();
  await expect(header(page).getByRole("button", { name: "Connexion", exact: true })).toBeVisible();
}

test.describe("auth dialog", () => {
  test("signs up (success message, then sign-in mode) and signs in: the user menu shows the name", async ({
    page,
  }) => {
    const email = uniqueEmail("signup");
    await page.goto("/");
    await openSignIn(page);
    await dialog(page).getByRole("button", { name: "Créer un compte" }).click();

    const signup = dialog(page, "Créer un compte");
    await expect(signup).toBeVisible();
    await signup.getByLabel("Nom complet").fill("Amélie Laurier");
    await signup.getByLabel("Adresse e-mail").fill(email);
    await signup.getByLabel("Mot de passe", { exact: true }).fill("laurier-123");
    await signup.getByRole("button", { name: "Afficher le mot de passe" }).click();
    await expect(signup.getByLabel("Mot de passe", { exact: true })).toHaveAttribute("type", "text");
    await signup.getByRole("button", { name: "Masquer le mot de passe" }).click();
    await expect(signup.getByLabel("Mot de passe", { exact: true })).toHaveAttribute("type", "password");
    await signup.getByRole("button", { name: "Créer mon compte" }).click();

    const signin = dialog(page, "Connexion");
    await expect(signin).toBeVisible();
    await expect(
      signin.getByText("Compte créé avec succès! Vous pouvez maintenant vous connecter."),
    ).toBeVisible();
    await expect(signin.getByLabel("Adresse e-mail")).toHaveValue("");

    await signin.getByLabel("Adresse e-mail").fill(email);
    await signin.getByLabel("Mot de passe", { exact: true }).fill("laurier-123");
    await signin.getByRole("button", { name: "Se connecter" }).click();
    await expect(dialog(page)).toBeHidden();

    const menuButton = header(page).getByRole("button", { name: "Amélie Laurier" });
    await expect(menuButton).toBeVisible();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await menuButton.click();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(header(page).getByText(email)).toBeVisible();
    await expect(header(page).getByRole("link", { name: "Mes commandes" })).toHaveAttribute(
      "href",
      "/orders",
    );
    await expect(header(page).getByRole("link", { name: "Paramètres" })).toHaveAttribute("href", "/profile");
    await expect(header(page).getByRole("button", { name: "Déconnexion" })).toBeVisible();
    await expect(header(page).getByText("Administration")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(menuButton).toBeFocused();

    // The session is the cookie: a reload keeps the customer signed in.
    await page.reload();
    await expect(header(page).getByRole("button", { name: "Amélie Laurier" })).toBeVisible();
  });

  test("wrong credentials show the server's message; an e-mail already used is refused", async ({ page }) => {
    const account = await createAccount(page, "wrong");
    await page.goto("/");
    await openSignIn(page);
    const modal = dialog(page, "Connexion");
    await modal.getByLabel("Adresse e-mail").fill(account.email);
    await modal.getByLabel("Mot de passe", { exact: true }).fill("pas-le-bon");
    await modal.getByRole("button", { name: "Se connecter" }).click();
    await expect(modal.getByRole("alert")).toHaveText("E-mail ou mot de passe incorrect.");

    await modal.getByRole("button", { name: "Créer un compte" }).click();
    const signup = dialog(page, "Créer un compte");
    await expect(signup.getByRole("alert")).toHaveCount(0);
    await signup.getByLabel("Nom complet").fill("Autre Personne");
    await signup.getByLabel("Adresse e-mail").fill(account.email);
    await signup.getByLabel("Mot de passe", { exact: true }).fill("autre-secret");
    await signup.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(signup.getByRole("alert")).toHaveText("Un compte existe déjà avec cette adresse e-mail.");
  });

  test("keyboard: the dialog traps focus, switching modes clears it, Escape closes and gives focus back", async ({
    page,
  }) => {
    await page.goto("/");
    const opener = header(page).getByRole("button", { name: "Connexion", exact: true });
    await expect(opener).toBeVisible();
    await opener.focus();
    await page.keyboard.press("Enter");

    const modal = dialog(page, "Connexion");
    await expect(modal).toBeVisible();
    await expect(modal).toHaveAttribute("aria-modal", "true");
    await expect(modal.getByLabel("Adresse e-mail")).toBeFocused();

    const focusInside = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press("Tab");
      expect(await focusInside()).toBe(true);
    }
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusInside()).toBe(true);
    }

    // Switching modes clears the fields.
    await modal.getByLabel("Adresse e-mail").fill("quelquun@example.fr");
    await modal.getByRole("button", { name: "Mot de passe oublié ?" }).click();
    const forgot = dialog(page, "Mot de passe oublié");
    await expect(forgot).toBeVisible();
    await expect(forgot.getByLabel("Adresse e-mail")).toHaveValue("");
    await expect(forgot.getByLabel("Mot de passe", { exact: true })).toHaveCount(0);
    await expect(forgot.getByLabel("Adresse e-mail")).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe("profile", () => {
  test("edits the full name and the phone; the header follows", async ({ page }) => {
    const account = await createAccount(page, "profile");
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Mon Profil" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Connexion requise" })).toBeVisible();
    await signIn(page, account.email, account.password, account.fullName);

    const info = page.getByRole("region", { name: "Informations personnelles" });
    await expect(info.getByText(account.email)).toBeVisible();
    await expect(info.getByText(account.fullName)).toBeVisible();
    await info.getByRole("button", { name: "Modifier mes informations" }).click();
    await expect(info.getByLabel("Adresse e-mail")).toBeDisabled();
    await info.getByLabel("Nom complet").fill("Claire Olivier");
    const phone = info.getByLabel("Téléphone");
    await phone.pressSequentially("06a1122-33445566");
    await expect(phone).toHaveValue("06 11 22 33 44");
    await info.getByRole("button", { name: "Enregistrer" }).click();

    await expect(info.getByText("Claire Olivier")).toBeVisible();
    await expect(info.getByText("+33 6 11 22 33 44")).toBeVisible();
    await expect(header(page).getByRole("button", { name: "Claire Olivier" })).toBeVisible();

    await page.reload();
    await expect(
      page.getByRole("region", { name: "Informations personnelles" }).getByText("+33 6 11 22 33 44"),
    ).toBeVisible();
  });

  test("adds two addresses, switches the default, edits and deletes one", async ({ page }) => {
    const account = await createAccount(page, "addresses");
    await page.goto("/profile");
    await signIn(page, account.email, account.password, account.fullName);

    const book = page.getByRole("region", { name: "Mes adresses" });
    await expect(book.getByText("Vous n'avez pas encore enregistré d'adresse.")).toBeVisible();

    await book.getByRole("button", { name: "Ajouter une adresse" }).click();
    let form = book.getByRole("form", { name: "Nouvelle adresse" });
    await expect(form.getByLabel("Pays")).toHaveValue("France");
    await expect(form.getByLabel("Pays").locator("option")).toHaveText([
      "France",
      "Belgique",
      "Suisse",
      "Luxembourg",
    ]);
    await form.getByLabel("Prénom").fill("Jean");
    await form.getByLabel("Nom", { exact: true }).fill("Dupont");
    await form.getByLabel("Téléphone").fill("0612345678");
    await expect(form.getByLabel("Téléphone")).toHaveValue("06 12 34 56 78");
    await form.getByLabel("Adresse", { exact: true }).fill("12 rue des Oliviers");
    await form.getByLabel("Code postal").fill("69001");
    await form.getByLabel("Ville").fill("Lyon");
    await form.getByRole("button", { name: "Ajouter l'adresse" }).click();
    await expect(form).toBeHidden();

    const first = book.getByRole("listitem").filter({ hasText: "Jean Dupont" });
    await expect(first).toContainText("12 rue des Oliviers");
    await expect(first).toContainText("69001 Lyon");
    await expect(first).toContainText("+33 6 12 34 56 78");
    await expect(first.getByText("Adresse par défaut")).toBeVisible();

    await book.getByRole("button", { name: "Ajouter une adresse" }).click();
    form = book.getByRole("form", { name: "Nouvelle adresse" });
    await form.getByLabel("Prénom").fill("Marie");
    await form.getByLabel("Nom", { exact: true }).fill("Laurent");
    await form.getByLabel("Téléphone").fill("0798765432");
    await form.getByLabel("Adresse", { exact: true }).fill("3 avenue Louise");
    await form.getByLabel("Complément d'adresse (facultatif)").fill("Boîte 5");
    await form.getByLabel("Code postal").fill("123");
    await form.getByLabel("Ville").fill("Bruxelles");
    await form.getByLabel("Pays").selectOption("Belgique");
    await form.getByRole("button", { name: "Ajouter l'adresse" }).click();
    // The server's field message shows next to the field.
    await expect(form.getByText("Code postal invalide pour ce pays.")).toBeVisible();
    await form.getByLabel("Code postal").fill("1050");
    await form.getByRole("button", { name: "Ajouter l'adresse" }).click();
    await expect(form).toBeHidden();

    const second = book.getByRole("listitem").filter({ hasText: "Marie Laurent" });
    await expect(second).toContainText("Boîte 5");
    await expect(second).toContainText("Belgique");
    await expect(second.getByText("Adresse par défaut")).toHaveCount(0);

    await second.getByRole("button", { name: /Définir par défaut/ }).click();
    await expect(
      book.getByRole("listitem").filter({ hasText: "Marie Laurent" }).getByText("Adresse par défaut"),
    ).toBeVisible();
    await expect(
      book.getByRole("listitem").filter({ hasText: "Jean Dupont" }).getByText("Adresse par défaut"),
    ).toHaveCount(0);
    await expect(book.getByText("Adresse par défaut")).toHaveCount(1);

    await book
      .getByRole("listitem")
      .filter({ hasText: "Jean Dupont" })
      .getByRole("button", { name: /Modifier/ })
      .click();
    const edit = book.getByRole("form", { name: "Modifier l'adresse" });
    await expect(edit.getByLabel("Téléphone")).toHaveValue("06 12 34 56 78");
    await edit.getByLabel("Ville").fill("Villeurbanne");
    await edit.getByLabel("Code postal").fill("69100");
    await edit.getByRole("button", { name: "Enregistrer l'adresse" }).click();
    await expect(book.getByRole("listitem").filter({ hasText: "Jean Dupont" })).toContainText(
      "69100 Villeurbanne",
    );

    page.once("dialog", (confirm) => {
      expect(confirm.message()).toBe("Êtes-vous sûr de vouloir supprimer cette adresse ?");
      void confirm.accept();
    });
    await book
      .getByRole("listitem")
      .filter({ hasText: "Jean Dupont" })
      .getByRole("button", { name: /Supprimer/ })
      .click();
    await expect(book.getByRole("listitem").filter({ hasText: "Jean Dupont" })).toHaveCount(0);
    await expect(book.getByRole("listitem")).toHaveCount(1);

    await page.reload();
    await expect(page.getByRole("region", { name: "Mes adresses" }).getByRole("listitem")).toHaveCount(1);
  });

  test("changes the password, then signs in again with the new one", async ({ page }) => {
    const account = await createAccount(page, "password");
    await page.goto("/profile");
    await signIn(page, account.email, account.password, account.fullName);

    const panel = page.getByRole("region", { name: "Mot de passe" });
    await panel.getByRole("button", { name: "Changer le mot de passe" }).click();
    const current = panel.getByLabel("Mot de passe actuel");
    const next = panel.getByLabel("Nouveau mot de passe", { exact: true });
    const confirmation = panel.getByLabel("Confirmer le nouveau mot de passe");
    const submit = panel.getByRole("button", { name: "Modifier le mot de passe" });

    await current.fill(account.password);
    await next.fill("nouveau-savon");
    await confirmation.fill("nouveau-savoN");
    await submit.click();
    await expect(panel.getByRole("alert")).toHaveText("Les nouveaux mots de passe ne correspondent pas.");

    await next.fill("court");
    await confirmation.fill("court");
    await submit.click();
    await expect(panel.getByRole("alert")).toHaveText(
      "Le nouveau mot de passe doit contenir au moins 6 caractères.",
    );

    await current.fill("pas-le-bon");
    await next.fill("nouveau-savon");
    await confirmation.fill("nouveau-savon");
    await submit.click();
    await expect(panel.getByRole("alert")).toHaveText("Le mot de passe actuel est incorrect.");

    await current.fill(account.password);
    await submit.click();
    await expect(panel.getByText("Votre mot de passe a été modifié avec succès !")).toBeVisible();
    await expect(panel.getByText("Votre mot de passe a été modifié avec succès !")).toBeHidden({
      timeout: 8000,
    });

    await signOut(page, account.fullName);
    await expect(page.getByRole("heading", { name: "Connexion requise" })).toBeVisible();

    await openSignIn(page);
    const modal = dialog(page, "Connexion");
    await modal.getByLabel("Adresse e-mail").fill(account.email);
    await modal.getByLabel("Mot de passe", { exact: true }).fill(account.password);
    await modal.getByRole("button", { name: "Se connecter" }).click();
    await expect(modal.getByRole("alert")).toHaveText("E-mail ou mot de passe incorrect.");
    await modal.getByLabel("Mot de passe", { exact: true }).fill("nouveau-savon");
    await modal.getByRole("button", { name: "Se connecter" }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(header(page).getByRole("button", { name: account.fullName })).toBeVisible();
  });

  test("signing out brings 'Connexion' back and /profile asks to sign in", async ({ page }) => {
    const account = await createAccount(page, "signout");
    await page.goto("/");
    await signIn(page, account.email, account.password, account.fullName);
    await signOut(page, account.fullName);
    await expect(header(page).getByRole("button", { name: "Connexion", exact: true })).toBeFocused();

    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Connexion requise" })).toBeVisible();
    await expect(header(page).getByRole("button", { name: account.fullName })).toHaveCount(0);
    await page.getByRole("main").getByRole("button", { name: "Se connecter" }).click();
    await expect(dialog(page, "Connexion")).toBeVisible();
  });
});

test.describe("my data (GDPR)", () => {
  test("downloads my data as a zip, then deletes my account with my password", async ({ page }) => {
    const account = await createAccount(page, "rgpd", "Rania Olivier");
    await page.goto("/profile");
    await signIn(page, account.email, account.password, account.fullName);
    const panel = page.getByRole("region", { name: "Mes données" });

    const download = page.waitForEvent("download");
    await panel.getByRole("button", { name: "Télécharger mes données" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = readFileSync((await file.path()) ?? "");
    expect(bytes.subarray(0, 2).toString()).toBe("PK");

    await panel.getByRole("button", { name: "Supprimer mon compte" }).click();
    const confirm = panel.getByRole("button", { name: "Supprimer définitivement mon compte" });
    await panel.getByLabel("Mot de passe", { exact: true }).fill("pas-le-bon");
    await confirm.click();
    await expect(panel.getByText("Le mot de passe actuel est incorrect.")).toBeVisible();
    await panel.getByRole("button", { name: "Annuler" }).click();
    await expect(panel.getByRole("button", { name: "Supprimer mon compte" })).toBeFocused();

    await panel.getByRole("button", { name: "Supprimer mon compte" }).click();
    await panel.getByLabel("Mot de passe", { exact: true }).fill(account.password);
    await confirm.click();
    await expect(
      page.getByRole("status").getByText(/Votre compte et vos données personnelles ont été supprimés/),
    ).toBeVisible();
    await expect(header(page).getByRole("button", { name: "Connexion", exact: true })).toBeVisible();
    const signin = await page.request.post("/api/auth/signin", {
      data: { email: account.email, password: account.password },
    });
    expect(signin.status()).toBe(401);
  });
});

test.describe("password reset", () => {
  test("forgot password -> mailed link -> new password -> sign in with it", async ({ page }) => {
    const account = await createAccount(page, "reset");
    await page.goto("/");
    await openSignIn(page);
    await dialog(page).getByRole("button", { name: "Mot de passe oublié ?" }).click();
    const forgot = dialog(page, "Mot de passe oublié");
    await forgot.getByLabel("Adresse e-mail").fill(account.email);
    await forgot.getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(
      forgot.getByText(
        "Un lien de réinitialisation de mot de passe a été envoyé à votre adresse e-mail. Veuillez vérifier votre boîte de réception.",
      ),
    ).toBeVisible();
    await expect(forgot.getByLabel("Adresse e-mail")).toHaveValue("");
    await forgot.getByRole("button", { name: "Fermer" }).click();
    await expect(dialog(page)).toBeHidden();

    await expect.poll(() => lastResetLink(mailDir, account.email), { timeout: 10_000 }).toBeTruthy();
    const link = lastResetLink(mailDir, account.email) ?? "";
    await page.goto(link);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

    const password = page.getByLabel("Nouveau mot de passe", { exact: true });
    const confirmation = page.getByLabel("Confirmer le mot de passe");
    const submit = page.getByRole("button", { name: "Réinitialiser le mot de passe" });
    await password.fill("reset-secret-9");
    await confirmation.fill("reset-secret-8");
    await submit.click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "Les mots de passe ne correspondent pas.",
    );
    await password.fill("court");
    await confirmation.fill("court");
    await submit.click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "Le mot de passe doit contenir au moins 6 caractères.",
    );
    await page.getByRole("main").getByRole("button", { name: "Afficher le mot de passe" }).first().click();
    await expect(password).toHaveAttribute("type", "text");

    await password.fill("reset-secret-9");
    await confirmation.fill("reset-secret-9");
    await submit.click();
    await expect(
      page.getByText(
        "Votre mot de passe a été réinitialisé avec succès ! Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toBeVisible();
    await expect(page).toHaveURL(/localhost:\d+\/$/, { timeout: 9000 });

    await signIn(page, account.email, "reset-secret-9", account.fullName);

    // The link works once.
    await page.goto(link);
    await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("encore-autre-1");
    await page.getByLabel("Confirmer le mot de passe").fill("encore-autre-1");
    await page.getByRole("button", { name: "Réinitialiser le mot de passe" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "Lien de réinitialisation de mot de passe invalide ou expiré. Veuillez refaire une demande.",
    );
  });

  test("a link without a token, or with an unknown one, is refused", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(
      page.getByText("Lien de réinitialisation de mot de passe invalide ou manquant."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toBeVisible();

    await page.goto("/reset-password?token=jeton-inconnu");
    await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("reset-secret-9");
    await page.getByLabel("Confirmer le mot de passe").fill("reset-secret-9");
    await page.getByRole("button", { name: "Réinitialiser le mot de passe" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "Lien de réinitialisation de mot de passe invalide ou expiré. Veuillez refaire une demande.",
    );
    await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toBeVisible();
  });
});

test.describe("admin", () => {
  test("the admin sees the Administration section and the mobile Admin link", async ({ page }) => {
    await page.goto("/");
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, "Administrateur");
    await header(page).getByRole("button", { name: "Administrateur" }).click();
    await expect(header(page).getByText("Administration")).toBeVisible();
    await expect(header(page).getByRole("link", { name: "Tableau de bord" })).toHaveAttribute(
      "href",
      "/admin",
    );

    await page.setViewportSize({ width: 390, height: 800 });
    await page.reload();
    await expect(page.getByRole("banner")).toHaveAttribute("data-ready", "");
    await header(page).getByRole("button", { name: "Ouvrir le menu" }).click();
    await expect(
      page.getByRole("navigation", { name: "Menu mobile" }).getByRole("link", { name: "Admin", exact: true }),
    ).toHaveAttribute("href", "/admin");
  });

  test("a customer sees no admin link in the mobile menu", async ({ page }) => {
    const account = await createAccount(page, "mobile");
    await page.goto("/");
    await signIn(page, account.email, account.password, account.fullName);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.reload();
    await expect(page.getByRole("banner")).toHaveAttribute("data-ready", "");
    await header(page).getByRole("button", { name: "Ouvrir le menu" }).click();
    const menu = page.getByRole("navigation", { name: "Menu mobile" });
    await expect(menu.getByRole("link", { name: "Panier" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
    await expect(menu.getByRole("button", { name: "Connexion" })).toHaveCount(0);
  });
});
