import { join } from "node:path";
import { localMailer } from "../../functions/platform/adapters/mail";
import { sendReviewInvitations } from "../../functions/reviews/invitations";
import { E2E_DATA_DIR, E2E_PORT } from "../../playwright.config";
import { OPT_OUT_LINK_INVALID, OPTED_OUT_MESSAGE } from "../../src/domain/reviews/invitation";
import { readMails } from "../support/mail";
import { expect, test } from "./fixtures";
import { customerWithTransferOrder, expectAxeClean, ownerApi, shopDeps, updateOrderAsOwner } from "./support";

/**
 * The review invitation's opt-out page (docs/decisions/053-reviews.md) in Chromium, with the keyboard only and
 * axe-clean: opening the mail's link changes nothing; its button opts the address out, and says so in French.
 */
test.use({ serviceWorkers: "block" });

const mailDir = join(E2E_DATA_DIR, "mail");

test("the invitation's opt-out link opens a page whose button, not the opening, opts the address out", async ({
  page,
  playwright,
}) => {
  const { id, order_number } = await customerWithTransferOrder(page.request, "Nadia Invitée");
  const owner = await ownerApi(playwright);
  await updateOrderAsOwner(owner, id, { payment_status: "completed", status: "delivered" });
  await owner.dispose();
  // The shop's job, run as it will run eight days later.
  const later = new Date(Date.now() + 8 * 86_400_000);
  const deps = { ...shopDeps(), clock: () => later };
  await sendReviewInvitations({
    ...deps,
    mailer: localMailer(mailDir, "Boutique <no-reply@e2e.test>"),
    siteUrl: `http://localhost:${E2E_PORT}`,
  } as Parameters<typeof sendReviewInvitations>[0]);
  const mail = readMails(mailDir).find((candidate) =>
    candidate.subject.includes(`votre avis sur votre commande n° ${order_number}`),
  );
  const link = /http:\/\/\S+\/avis-clients\/desinscription#jeton=[A-Za-z0-9_-]{43}/.exec(
    mail?.text ?? "",
  )?.[0];
  expect(link).toBeDefined();

  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/reviews/invitations/opt-out/")) posts++;
  });
  await page.goto(link ?? "/");
  const button = page.getByRole("button", { name: "Ne plus recevoir d'invitation" });
  await expect(button).toBeVisible();
  await expectAxeClean(page);
  expect(posts).toBe(0);
  await expect(page.locator("[data-review-opt-out][data-ready]")).toHaveCount(1);
  await button.focus();
  await expect(page.locator(":focus")).toHaveText("Ne plus recevoir d'invitation");
  await page.keyboard.press("Enter");
  const status = page.getByRole("status");
  await expect(status).toHaveText(OPTED_OUT_MESSAGE);
  await expect(status).toBeFocused();
  await expect(button).toHaveCount(0);
  expect(posts).toBe(1);
  await expectAxeClean(page);

  // A made-up link is refused in French, and the button stays to try again.
  await page.goto("about:blank");
  await page.goto(`/avis-clients/desinscription#jeton=${"A".repeat(43)}`);
  await expect(page.locator("[data-review-opt-out][data-ready]")).toHaveCount(1);
  await page.getByRole("button", { name: "Ne plus recevoir d'invitation" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText(OPT_OUT_LINK_INVALID);
  await expect(page.getByRole("status")).toBeFocused();
});
