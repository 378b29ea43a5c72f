// @ts-check
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "astro/config";
import shopPwa from "./src/pwa/integration.mjs";
import inlineScriptsCheck from "./src/scripts/inline/integration.ts";
import criticalCss from "./src/styles/critical-css.ts";

/** The modules of React's runtime in node_modules, with the React bindings of Astro and nanostores. */
const REACT_RUNTIME =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]/;

/** Public origin of the site: canonical URLs, Open Graph and structured data are built from it. */
const site = process.env.SITE_URL ?? "http://localhost:4321";

export default defineConfig({
  site,
  // `npm start` builds into its data folder (SHOP_OUT_DIR), so two shops, or a shop and the tests, never share a
  // build; `sst deploy` and `npm run build` use dist/.
  outDir: process.env.SHOP_OUT_DIR || "./dist",
  output: "static",
  build: { format: "directory" },
  // criticalCss: after the build, inlines each page's critical CSS and moves the stylesheet to the end of <body>
  // (first, so that the checks and the service worker's precache list see the final pages).
  // inlineScriptsCheck: after the build, fails on an inline script the Content-Security-Policy would not allow.
  // shopPwa: after the build, writes dist/sw.js (service worker + precache list) and dist/sitemap.xml.
  integrations: [react(), criticalCss(), inlineScriptsCheck(), shopPwa()],
  vite: {
    plugins: [tailwindcss()],
    environments: {
      client: {
        build: {
          rolldownOptions: {
            // React's runtime (react, react-dom, the JSX runtime, the scheduler, Astro's and nanostores' bindings) is
            // one chunk that every island page shares, fetched once and cached across pages (decision record 050).
            // Rolldown would otherwise split it in six along the islands' import graph.
            output: { codeSplitting: { groups: [{ name: "react", test: REACT_RUNTIME }] } },
          },
        },
      },
    },
  },
});
