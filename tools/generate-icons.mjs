/**
 * Draws the app icons of the web app manifest from public/images/logo.svg (run once after the logo changes,
 * then commit the PNGs): `node tools/generate-icons.mjs`.
 * Uses sharp (installed with Astro, prebuilt binaries through optional dependencies).
 *   icon-192.png, icon-512.png     the round logo on a transparent background ("any")
 *   icon-maskable-512.png          the logo inside the 80 % safe zone on a full-bleed olive square ("maskable")
 *   apple-touch-icon.png (180)     same as maskable: iOS fills transparency with black
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = new URL("../", import.meta.url);
const logo = await readFile(new URL("public/images/logo.svg", root));
const olive = "#434f20";
const out = (name) => fileURLToPath(new URL(`public/icons/${name}`, root));

async function plain(size, name) {
  await sharp(logo, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(out(name));
}

async function padded(size, name, share) {
  const inner = Math.round(size * share);
  const art = await sharp(logo, { density: (72 * inner) / 64 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: olive } })
    .composite([{ input: art, gravity: "center" }])
    .png({ compressionLevel: 9 })
    .toFile(out(name));
}

await plain(192, "icon-192.png");
await plain(512, "icon-512.png");
await padded(512, "icon-maskable-512.png", 0.78);
await padded(180, "apple-touch-icon.png", 0.86);
console.log("Icônes écrites dans public/icons/.");
