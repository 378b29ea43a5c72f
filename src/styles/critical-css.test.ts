import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { executableInlineScripts } from "../scripts/inline/integration";
import { criticalCssProcessor } from "./critical-css";

const dist = mkdtempSync(join(tmpdir(), "critical-css-"));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
writeFileSync(
  join(dist, "site.css"),
  ".title{color:green}.dialog-only{color:red}@media (min-width:40rem){.title{font-size:2rem}}",
);
const page = `<!doctype html><html lang="fr"><head><title>t</title><link rel="stylesheet" href="/site.css"></head>
<body><h1 class="title">Savon</h1></body></html>`;

describe("critical CSS", () => {
  it("inlines the rules the page uses and loads the whole sheet from the end of the body", async () => {
    const out = await criticalCssProcessor(dist).process(page);
    const head = out.slice(0, out.indexOf("</head>"));
    const inline = /<style>([\s\S]*?)<\/style>/.exec(head)?.[1] ?? "";
    expect(inline).toContain(".title{color:green}");
    expect(inline).toContain("@media (min-width:40rem){.title{font-size:2rem}}");
    expect(inline).not.toContain("dialog-only");
    expect(head).not.toMatch(/<link[^>]*stylesheet/);
    const body = out.slice(out.indexOf("<body"));
    expect(body).toMatch(/<link rel="stylesheet" href="\/site.css">\s*<\/body>/);
  });

  it("adds no script nor event handler for the Content-Security-Policy to allow", async () => {
    const out = await criticalCssProcessor(dist).process(page);
    expect(executableInlineScripts(out)).toEqual([]);
    expect(out).not.toMatch(/\son[a-z]+=/i);
  });
});
