import { expect, type Locator, type Page, test } from "./fixtures";

/**
 * An anchor link brings its section's heading just below the sticky header, at every width (issue 28, item 11: the
 * html element's scroll-padding-top and the targets' scroll-margin-top added up, 88 + 88 px under a 73 px header,
 * and the heading landed about 100 px lower).
 */
test.use({ serviceWorkers: "block" });

/** How far below the header's bottom the heading may land. */
const GAP_PX = 24;
const WIDTHS = [375, 768, 1280];

/** Where the heading sits against the header once the scroll has settled (smooth scrolling takes a moment). */
async function landing(page: Page, heading: Locator): Promise<{ header: number; top: number }> {
  let last = Number.NaN;
  await expect
    .poll(async () => {
      const y = await page.evaluate(() => scrollY);
      const settled = y === last;
      last = y;
      return settled && y > 0;
    })
    .toBe(true);
  const header = await page
    .locator("[data-site-header]")
    .evaluate((element) => element.getBoundingClientRect().bottom);
  const top = await heading.evaluate((element) => element.getBoundingClientRect().top);
  return { header, top };
}

function expectJustBelow({ header, top }: { header: number; top: number }, what: string): void {
  expect(top, `${what}: top of the heading (header's bottom at ${header} px)`).toBeGreaterThanOrEqual(header);
  expect(top, `${what}: top of the heading (header's bottom at ${header} px)`).toBeLessThanOrEqual(
    header + GAP_PX,
  );
}

for (const width of WIDTHS) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("a link of the CGV's table of contents shows its article's title below the header", async ({
      page,
    }) => {
      await page.goto("/cgv");
      await page.getByRole("link", { name: "Article 7 – Droit de rétractation" }).click();
      await expect(page).toHaveURL(/#retractation$/);
      expectJustBelow(await landing(page, page.locator("h2#retractation")), "/cgv#retractation");
    });

    test("an address with an anchor opens with its heading below the header", async ({ page }) => {
      await page.goto("/legal-mentions#donnees-personnelles");
      expectJustBelow(
        await landing(page, page.locator("h2#donnees-personnelles")),
        "/legal-mentions#donnees-personnelles",
      );
    });

    test("the home page's section links show the section's heading below the header", async ({ page }) => {
      await page.goto("/");
      for (const [link, id] of [
        ["Voir les Bienfaits", "about"],
        ["Découvrir", "products"],
      ] as const) {
        await page.locator("#home").getByRole("link", { name: link }).click();
        await expect(page).toHaveURL(new RegExp(`#${id}$`));
        // The heading: the section's label and its title, as the visitor reads them.
        expectJustBelow(await landing(page, page.locator(`#${id} p`).first()), `/#${id}`);
        await expect(page.locator(`#${id} h2`)).toBeInViewport();
        await page.evaluate(() => scrollTo({ top: 0, behavior: "instant" }));
      }
    });
  });
}
