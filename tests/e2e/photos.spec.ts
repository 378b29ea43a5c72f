import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { addToCartFromProductPage, createProductAsOwner, signInAsOwner } from "./support";

/**
 * Product photos (issue 16, decision record 019): the owner adds two photos to a product from her computer, puts
 * the second first and describes it; the product page shows the gallery, its thumbnails move with the arrow keys
 * and the zoom opens and closes by keyboard, the focus coming back.
 */
test.use({ serviceWorkers: "block" });

const folder = mkdtempSync(join(tmpdir(), "e2e-photos-"));

/** A photo file as a camera would give it, in a colour of its own. */
async function photoFile(name: string, width: number, height: number, colour: string): Promise<string> {
  const path = join(folder, name);
  writeFileSync(
    path,
    await sharp({ create: { width, height, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  );
  return path;
}

test("the owner adds, orders and describes photos; the product page shows them with a keyboard gallery and zoom", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsOwner(page.request);
  const name = `Savon photographié ${Date.now().toString(36)}`;
  const { id } = await createProductAsOwner(page.request, {
    name,
    price: 14.5,
    description: "Un savon pour les photos",
  });

  await page.goto("/admin#produits");
  const row = page.getByRole("listitem").filter({ hasText: name });
  await row.getByRole("button", { name: /Modifier/ }).click();
  const dialog = page.getByRole("dialog", { name: "Modifier le produit" });
  const photos = dialog.getByRole("region", { name: "Photos" });
  await expect(photos.getByRole("button", { name: "Choisir des photos" })).toBeVisible();

  // Two photos from the computer, through the file picker.
  const chooser = page.waitForEvent("filechooser");
  await photos.getByRole("button", { name: "Choisir des photos" }).click();
  await (await chooser).setFiles([
    await photoFile("face.jpg", 1200, 900, "#6b7d35"),
    await photoFile("tranche.jpg", 900, 1200, "#d8b877"),
  ]);
  const list = photos.getByRole("list", { name: "Photos du produit, dans l'ordre" });
  await expect(list.getByRole("listitem")).toHaveCount(2, { timeout: 20_000 });
  await expect(photos.getByRole("status")).toHaveText("2 photos ajoutées.");

  // The second goes first, with a description.
  await list.getByRole("button", { name: "Monter la photo 2" }).click();
  await expect(photos.getByRole("status")).toHaveText("Photo principale changée.");
  await expect(list.getByRole("button", { name: "Descendre la photo 1" })).toBeFocused();
  await photos
    .getByLabel("Description de la photo 1")
    .fill("Le savon coupé : le cœur vert sous la croûte dorée");
  await photos.getByRole("button", { name: "Enregistrer les descriptions" }).click();
  await expect(photos.getByRole("status")).toHaveText("Descriptions enregistrées.");

  const product = (await (await page.request.get(`/api/products/${id}`)).json()) as {
    photos: { alt: string; width: number; height: number }[];
  };
  expect(product.photos.map(({ alt, width, height }) => ({ alt, width, height }))).toEqual([
    { alt: "Le savon coupé : le cœur vert sous la croûte dorée", width: 900, height: 1200 },
    { alt: name, width: 1200, height: 900 },
  ]);

  // The product page (made after the build: rendered by the product shell).
  await page.goto(`/product/${id}`);
  const main = page.getByTestId("gallery-main");
  const picture = main.getByRole("img", { name: "Le savon coupé : le cœur vert sous la croûte dorée" });
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute("width", "800");
  await expect(picture).toHaveAttribute("height", String(Math.round((1200 * 800) / 900)));
  expect(await main.locator("source[type='image/avif']").getAttribute("srcset")).toMatch(
    // 900 px wide: the 320 and 640 variants (never one larger than the photo).
    new RegExp(`^/media/products/${id}/[0-9a-z]+-320\\.avif 320w, .+-640\\.avif 640w$`),
  );
  const loaded = await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  expect(loaded).toBe(true);

  // Thumbnails: arrow keys move to the next photo.
  const thumbs = page.getByRole("group", { name: `Photos de ${name}` });
  await thumbs.getByRole("button", { name: /^Photo 1 sur 2/ }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(thumbs.getByRole("button", { name: /^Photo 2 sur 2/ })).toBeFocused();
  await expect(main.getByRole("img", { name })).toBeVisible();

  // The zoom, by keyboard: Enter opens it, the arrow shows the other photo, Escape closes it, focus comes back.
  const agrandir = main.getByRole("button", { name: /^Agrandir/ });
  await agrandir.focus();
  await page.keyboard.press("Enter");
  const zoom = page.getByRole("dialog", { name: `${name} : photo 2 sur 2` });
  await expect(zoom).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("dialog", { name: `${name} : photo 1 sur 2` })).toBeVisible();
  await expect(page.getByTestId("zoomed-photo").getByRole("img")).toHaveAttribute("width", "1280");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: /photo 1 sur 2/ })).toBeHidden();
  await expect(agrandir).toBeFocused();

  // The cart's line shows the first photo.
  await addToCartFromProductPage(page, id);
  await page.goto("/cart");
  const line = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(line.locator("img")).toHaveAttribute(
    "src",
    new RegExp(`^/media/products/${id}/[0-9a-z]+-640\\.webp$`),
  );
});
