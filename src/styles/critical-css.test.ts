import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { executableInlineScripts } from "../scripts/inline/integration";
import { inlineScriptText } from "../scripts/inline/text";
import {
  criticalCssProcessor,
  islandPreloads,
  pruneTailwindProperties,
  pruneThemeVariables,
} from "./critical-css";

const dist = mkdtempSync(join(tmpdir(), "critical-css-"));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
writeFileSync(
  join(dist, "site.css"),
  ".title{color:green}.dialog-only{color:red}@media (min-width:40rem){.title{font-size:2rem}}",
);
const loaderSource = readFileSync(join(import.meta.dirname, "../scripts/inline/deferred-assets.js"), "utf8");
const loader = `<script>${inlineScriptText(loaderSource)}</script>`;
const page = (
  extra: string,
) => `<!doctype html><html lang="fr"><head><title>t</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="manifest" href="/manifest.webmanifest"><link rel="stylesheet" href="/site.css"></head>
<body><h1 class="title">Savon</h1><script type="module" src="/_astro/header.js"></script>${extra}</body></html>`;

describe("critical CSS and deferred assets", () => {
  it("keeps the rules of markup a script paints before the first frame (a sample), then drops the sample", async () => {
    const sample = '<template data-critical-css-only><p class="dialog-only">x</p></template>';
    const out = await criticalCssProcessor(dist).process(page(`${sample}${loader}`));
    const inline = /<style>([\s\S]*?)<\/style>/.exec(out)?.[1] ?? "";
    expect(inline).toContain(".dialog-only{color:red}");
    expect(out).not.toContain("data-critical-css-only");
    expect(out).not.toContain('<p class="dialog-only">');
  });

  it("inlines the rules the page uses; the stylesheet, manifest, icons and scripts wait for the loader", async () => {
    const out = await criticalCssProcessor(dist).process(page(loader));
    const head = out.slice(0, out.indexOf("</head>"));
    const inline = /<style>([\s\S]*?)<\/style>/.exec(head)?.[1] ?? "";
    expect(inline).toContain(".title{color:green}");
    expect(inline).toContain("@media (min-width:40rem){.title{font-size:2rem}}");
    expect(inline).not.toContain("dialog-only");
    const links =
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="manifest" href="/manifest.webmanifest"><link rel="stylesheet" href="/site.css">';
    // Without JavaScript, read from <head>: an icon or manifest <link> is not allowed in <body> (issue 28, item 16).
    expect(head.replace(`<noscript>${links}</noscript>`, "")).not.toContain("<link");
    expect(head.endsWith(`<noscript>${links}</noscript>`)).toBe(true);
    const body = out.slice(out.indexOf("</head>"));
    expect(body).not.toContain("<noscript");
    // Before the loader, which may start before the parser reaches the end of the page.
    expect(body).toContain(`<template data-deferred-head>${links}</template>${loader}</body>`);
    // An inert placeholder, not a <script> of a type that is no MIME type.
    expect(out).toContain('<template data-deferred-module data-src="/_astro/header.js"></template>');
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    expect(out).not.toContain('deferred-module"');
  });

  it("adds no script nor event handler for the Content-Security-Policy to allow", async () => {
    const out = await criticalCssProcessor(dist).process(page(loader));
    expect(executableInlineScripts(out)).toEqual([inlineScriptText(loaderSource)]);
    expect(out).not.toMatch(/\son[a-z]+=/i);
  });

  it("leaves the stylesheet and the scripts of a page without the loader as they are", async () => {
    const out = await criticalCssProcessor(dist).process(page(""));
    expect(out).toContain('<link rel="stylesheet" href="/site.css">');
    expect(out).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(out).not.toContain("<template");
    expect(out).toContain('<script type="module" src="/_astro/header.js"></script>');
  });
});

describe("island preloads", () => {
  const island =
    '<astro-island uid="a" component-url="/_astro/CheckoutPage.x1.js" component-export="default" renderer-url="/_astro/client.r1.js" ssr client="idle"><p>…</p></astro-island>';

  it("preloads React's runtime, the island's component and renderer, once painted (in the deferred head)", async () => {
    const out = await criticalCssProcessor(dist, "/_astro/react.abc.js").process(page(`${island}${loader}`));
    const template = /<template data-deferred-head>([\s\S]*?)<\/template>/.exec(out)?.[1] ?? "";
    expect(template).toContain(
      '<link rel="modulepreload" href="/_astro/react.abc.js"><link rel="modulepreload" href="/_astro/CheckoutPage.x1.js"><link rel="modulepreload" href="/_astro/client.r1.js">',
    );
    // Nothing before the first paint, nothing for a browser without JavaScript.
    const head = out.slice(0, out.indexOf("</head>"));
    expect(head).not.toContain("modulepreload");
  });

  it("preloads nothing on a page without an island: content pages load no React", async () => {
    const out = await criticalCssProcessor(dist, "/_astro/react.abc.js").process(page(loader));
    expect(out).not.toContain("modulepreload");
    expect(islandPreloads(page(""), "/_astro/react.abc.js")).toEqual([]);
  });

  it("names each module once, whatever the number of islands", () => {
    expect(islandPreloads(`${island}${island}`, null)).toEqual([
      '<link rel="modulepreload" href="/_astro/CheckoutPage.x1.js">',
      '<link rel="modulepreload" href="/_astro/client.r1.js">',
    ]);
  });
});

describe("pruneThemeVariables", () => {
  it("keeps the tokens the page uses, directly or through another token, and drops the others", () => {
    const html =
      "<style>@layer theme{:root,:host{--color-olive-700:oklch(45% .1 120);--color-red-50:oklch(97% .01 17);" +
      '--font-serif:"Iowan Old Style", Georgia, serif;--default-font-family:var(--font-sans);--font-sans:ui-sans-serif, system-ui}}' +
      "@layer utilities{.text-olive-700{color:var(--color-olive-700)}.font-serif{font-family:var(--font-serif)}}" +
      'html{font-family:var(--default-font-family,sans-serif)}</style><p style="color:var(--color-red-50)">x</p>';
    const out = pruneThemeVariables(html);
    expect(out).toContain(
      '@layer theme{:root,:host{--color-olive-700:oklch(45% .1 120);--color-red-50:oklch(97% .01 17);--font-serif:"Iowan Old Style", Georgia, serif;--default-font-family:var(--font-sans);--font-sans:ui-sans-serif, system-ui}}',
    );
    const unused = html.replace('<p style="color:var(--color-red-50)">x</p>', "");
    expect(pruneThemeVariables(unused)).not.toContain("--color-red-50");
    expect(pruneThemeVariables(unused)).toContain("--font-sans:ui-sans-serif, system-ui");
  });
});

describe("pruneTailwindProperties", () => {
  it("keeps the registrations of the properties the other rules name; the fallback layer waits for the full sheet", () => {
    const css =
      "<style>@layer properties{@supports (((-webkit-hyphens:none))){*,:before,:after{--tw-rotate-x:initial;--tw-shadow:0 0 #0000}::backdrop{--tw-shadow:0 0 #0000}}}" +
      '@property --tw-rotate-x{syntax:"*";inherits:false}@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
      '@property --tw-ring-offset-width{syntax:"<length>";inherits:false;initial-value:0}' +
      ".shadow-sm{--tw-shadow:0 1px 3px #0000001a;box-shadow:var(--tw-ring-offset-width,0),var(--tw-shadow)}</style>";
    const out = pruneTailwindProperties(css);
    expect(out).not.toContain("@layer properties");
    expect(out).not.toContain("--tw-rotate-x");
    expect(out).toContain('@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}');
    expect(out).toContain("@property --tw-ring-offset-width{");
    expect(out).toContain(".shadow-sm{--tw-shadow:0 1px 3px #0000001a;");
  });
});
