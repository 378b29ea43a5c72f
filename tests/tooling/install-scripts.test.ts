/**
 * `npm install` on a fresh machine prints no advisory about install scripts: every installed package that runs one
 * (preinstall, install, postinstall) is reviewed in package.json's allowScripts (npm 11.16+ warns about the others,
 * and npm 12 skips them). esbuild and node need theirs (their binaries); vnu-jar's would download a Java the
 * HTML check does not use (it runs the machine's, which DynamoDB Local needs anyway).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..", "..");
const modules = join(root, "node_modules");
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));

/** Every package folder under node_modules, nested ones included. */
function packageFolders(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .flatMap((entry) => {
      const path = join(folder, entry.name);
      if (entry.name.startsWith("@")) return packageFolders(path);
      return existsSync(join(path, "package.json"))
        ? [path, ...packageFolders(join(path, "node_modules"))]
        : [];
    });
}

describe("install scripts", () => {
  it("every installed package with an install script is reviewed in allowScripts", () => {
    const allowed = Object.keys(readJson(join(root, "package.json")).allowScripts ?? {});
    const withScripts = packageFolders(modules)
      .map(
        (folder) =>
          readJson(join(folder, "package.json")) as { name: string; scripts?: Record<string, string> },
      )
      .filter(({ scripts = {} }) => ["preinstall", "install", "postinstall"].some((name) => name in scripts))
      .map(({ name }) => name);
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => !allowed.includes(name))).toEqual([]);
  });
});
