import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { reusableSite, siteBuildKey, stampBuild } from "../../scripts/local/site-reuse";

const scratch = mkdtempSync(join(tmpdir(), "site-reuse-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A small checkout: what the key reads. */
function checkout(name: string): string {
  const dir = join(scratch, name);
  mkdirSync(join(dir, "src", "pages"), { recursive: true });
  writeFileSync(join(dir, "src", "pages", "index.astro"), "<h1>Savon</h1>");
  writeFileSync(join(dir, "astro.config.mjs"), "export default {}");
  writeFileSync(join(dir, "package-lock.json"), "{}");
  return dir;
}

describe("the site a restart may serve at once", () => {
  it("keeps its key while nothing the build reads changes, and changes it with the code or the settings", async () => {
    const repo = checkout("repo");
    const settings = { SITE_URL: "http://localhost:4321", PUBLIC_GA_MEASUREMENT_ID: undefined };
    const key = await siteBuildKey(repo, settings);
    expect(await siteBuildKey(repo, { ...settings })).toBe(key);
    expect(await siteBuildKey(repo, { ...settings, SITE_URL: "https://savon.example" })).not.toBe(key);
    expect(await siteBuildKey(repo, { ...settings, PUBLIC_GA_MEASUREMENT_ID: "G-1" })).not.toBe(key);

    writeFileSync(join(repo, "src", "pages", "index.astro"), "<h1>Savon d'Alep</h1>");
    expect(await siteBuildKey(repo, settings)).not.toBe(key);
    const edited = await siteBuildKey(repo, settings);
    writeFileSync(join(repo, "src", "pages", "faq.astro"), "");
    expect(await siteBuildKey(repo, settings)).not.toBe(edited);
  });

  it("is the newest finished build of that key, never one left unfinished or built from other code", async () => {
    const sites = join(scratch, "sites");
    const older = join(sites, "1-1");
    const newer = join(sites, "2-1");
    const unfinished = join(sites, "3-1");
    for (const dir of [older, newer, unfinished]) mkdirSync(dir, { recursive: true });
    await stampBuild(older, "key-a");
    await stampBuild(newer, "key-b");
    expect(await reusableSite([unfinished, newer, older], "key-a")).toBe(older);
    expect(await reusableSite([unfinished, newer, older], "key-b")).toBe(newer);
    expect(await reusableSite([unfinished, null, newer], "key-c")).toBeNull();
  });
});
