// @ts-check
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "astro/config";
import shopPwa from "./src/pwa/integration.mjs";

/** Public origin of the site: canonical URLs, Open Graph and structured data are built from it. */
const site = process.env.SITE_URL ?? "http://localhost:4321";

export default defineConfig({
  site,
  // `npm start` builds into its data folder (SHOP_OUT_DIR), so two shops, or a shop and the tests, never share a
  // build; `sst deploy` and `npm run build` use dist/.
  outDir: process.env.SHOP_OUT_DIR || "./dist",
  output: "static",
  build: { format: "directory" },
  // shopPwa: after the build, writes dist/sw.js (service worker + precache list) and dist/sitemap.xml.
  integrations: [react(), shopPwa()],
  vite: { plugins: [tailwindcss()] },
});
