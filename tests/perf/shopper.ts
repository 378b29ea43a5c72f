/**
 * The states the cart and checkout pages are measured in, set up in the given browser profile: a visitor with one
 * soap in her cart (fillCart), and a signed-in customer with one delivery address and one soap (prepareShopper).
 */
import type { BrowserContext } from "@playwright/test";

export async function prepareShopper(context: BrowserContext, origin: string): Promise<void> {
  const request = context.request;
  const email = `mesure-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.fr`;
  const password = "savon-123";
  const ok = async (response: Promise<{ ok(): boolean; status(): number; url(): string }>) => {
    const answer = await response;
    if (!answer.ok()) throw new Error(`${answer.url()}: ${answer.status()}`);
  };
  await ok(
    request.post(`${origin}/api/auth/signup`, { data: { email, password, fullName: "Mesure Lighthouse" } }),
  );
  await ok(request.post(`${origin}/api/auth/signin`, { data: { email, password } }));
  await ok(
    request.post(`${origin}/api/user/addresses`, {
      data: {
        first_name: "Mesure",
        last_name: "Lighthouse",
        phone: "06 12 34 56 78",
        address_line1: "5 rue du Four",
        city: "Marseille",
        postal_code: "13001",
        country: "France",
      },
    }),
  );
  await fillCart(context, origin);
}

/** One soap in the profile's cart, added the way a visitor adds it: « Ajouter au panier » on its page. */
export async function fillCart(context: BrowserContext, origin: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${origin}/product/1`);
  const add = page.getByRole("button", { name: "Ajouter au panier" });
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await add.click();
    if (await page.getByRole("button", { name: "Ajouté au panier!" }).isVisible()) break;
    await page.waitForTimeout(250);
  }
  const stored = await page.evaluate(() => localStorage.getItem("cart"));
  if (!stored || stored === "[]") throw new Error("The soap did not reach the cart");
  await page.close();
}
