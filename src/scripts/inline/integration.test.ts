import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMPILED_INLINE_SCRIPTS, compiledInlineScript, compileInlineScript } from "./compile";
import { inlineScriptHashes, scriptHash } from "./hashes";
import { disallowedInlineScripts, executableInlineScripts } from "./integration";
import { INLINE_SCRIPT_FILES, inlineScriptText } from "./text";

describe("executableInlineScripts", () => {
  it("finds the inline scripts a browser runs, not external ones nor data blocks", () => {
    const html = `<head><script>a()</script><script type="module">b()</script>
      <script type="application/ld+json">{"@type":"Product"}</script><script src="/_astro/x.js"></script>
      <script type="text/javascript">c()</script><script type='module' src='/y.js'></script></head>`;
    expect(executableInlineScripts(html)).toEqual(["a()", "b()", "c()"]);
  });

  it("reads a script written inside an attribute value as the attribute's text", () => {
    const payload = `Savon <img src=x onerror=alert(1)>&quot;'><script>alert(2)</script>`;
    const html = `<head><meta property="og:site_name" content="${payload}"><meta name='d' content='<script>x()</script>'>
      <style>a::after { content: "<script>y()</script>" }</style><script>ok()</script></head>
      <body><p>Savon &lt;script&gt;alert(3)&lt;/script&gt;</p><!-- <script>z()</script> --></body>`;
    expect(executableInlineScripts(html)).toEqual(["ok()"]);
  });
});

describe("disallowedInlineScripts", () => {
  it("names the scripts whose hash the policy does not list", () => {
    const allowed = new Set([scriptHash("allowed()")]);
    expect(disallowedInlineScripts("<script>allowed()</script><script>alert(1)</script>", allowed)).toEqual([
      "alert(1)",
    ]);
  });
});

describe("inlineScriptHashes", () => {
  it("lists each of our inline files as the pages carry it, and Astro's island scripts", () => {
    const hashes = inlineScriptHashes();
    for (const file of INLINE_SCRIPT_FILES) {
      const text = inlineScriptText(readFileSync(join(import.meta.dirname, file), "utf8"));
      expect(text.startsWith("/**"), file).toBe(false);
      expect(hashes, file).toContain(scriptHash(text));
    }
    for (const file of COMPILED_INLINE_SCRIPTS)
      expect(hashes, file).toContain(scriptHash(compiledInlineScript(file)));
    // Our files, the compiled ones, the island element and Astro's five client directives.
    expect(hashes).toHaveLength(INLINE_SCRIPT_FILES.length + COMPILED_INLINE_SCRIPTS.length + 6);
    expect(hashes.every((hash) => /^sha256-[A-Za-z0-9+/]{43}=$/.test(hash))).toBe(true);
  });
});

describe("compiledInlineScript", () => {
  it("is one classic script, the same text on every build (the policy allows it by its hash)", () => {
    const text = compiledInlineScript("cart-boot.ts");
    // A fresh esbuild run over the same sources gives the same bytes: the hash computed at deploy is the page's.
    const again = compileInlineScript("cart-boot.ts");
    expect(again).toBe(text);
    expect(text).not.toMatch(/^\s*import |\bexport\s/m);
    expect(text).not.toMatch(/<\/script/i);
    // No store, no API client: it runs before any module.
    expect(text).not.toContain("nanostores");
    expect(text).not.toContain("/api/");
  });
});
