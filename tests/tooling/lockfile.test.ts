/**
 * `npm install` must bring the right native binaries on every platform the README names. npm installs a package's
 * per-platform optional dependencies only when the lock file lists them; a lock written where the registry lacks one
 * platform's build silently leaves that platform without it (biome, tailwind's oxide, astro's compiler binding...),
 * so a version bump is checked here before it reaches a Mac.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
}

const lock = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../package-lock.json"), "utf8")) as {
  packages: Record<string, LockEntry>;
};

/** The platforms the README says are supported, as npm names them. */
const platforms = [
  { os: "linux", cpu: "x64" },
  { os: "linux", cpu: "arm64" },
  { os: "darwin", cpu: "arm64" },
] as const;

/** The lock entry of an installed package, by name. */
function lockedEntry(name: string): LockEntry | undefined {
  const entry = Object.entries(lock.packages).find(([path]) => path.endsWith(`node_modules/${name}`))?.[1];
  return entry;
}

function runsOn(entry: LockEntry, platform: (typeof platforms)[number]): boolean {
  const libcFree = !/(musl|wasm|android|openharmony)/.test(JSON.stringify(entry));
  return (
    libcFree &&
    (!entry.os || entry.os.includes(platform.os)) &&
    (!entry.cpu || entry.cpu.includes(platform.cpu))
  );
}

/** Packages that ship native code as one optional dependency per platform. */
const nativeParents = Object.entries(lock.packages).filter(([, entry]) => {
  const optional = Object.keys(entry.optionalDependencies ?? {});
  return optional.filter((name) => /(darwin|linux|win32)/.test(name)).length >= 2;
});

describe("package-lock.json", () => {
  it("has packages with per-platform binaries to check", () => {
    expect(nativeParents.map(([path]) => path)).toEqual(
      expect.arrayContaining(["node_modules/@biomejs/biome", "node_modules/esbuild"]),
    );
  });

  for (const platform of platforms) {
    it(`locks a native binary for ${platform.os}-${platform.cpu} wherever a package ships them`, () => {
      const missing: string[] = [];
      for (const [path, entry] of nativeParents) {
        const candidates = Object.keys(entry.optionalDependencies ?? {}).filter((name) =>
          new RegExp(`${platform.os}-${platform.cpu}(-gnu)?$`).test(name),
        );
        if (candidates.length === 0) continue; // this package has no build for the platform at all
        const locked = candidates.some((name) => {
          const dependency = lockedEntry(name);
          return dependency !== undefined && runsOn(dependency, platform);
        });
        if (!locked) missing.push(`${path}@${entry.version}: ${candidates.join(" | ")}`);
      }
      expect(missing).toEqual([]);
    });
  }
});
