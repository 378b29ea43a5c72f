import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..", "..");

/**
 * Each build's own working folder, inside the checkout (so that its bundle still finds node_modules) and out of git
 * (.astro/ is ignored): `<pid>-<n>`, removed when the build ends.
 */
const workDirs = join(root, ".astro", "builds");
let builds = 0;

/** Folders left by a build whose process died (killed outright): nobody else removes them. */
function removeOrphanWorkDirs(): void {
  for (const name of readdirSync(workDirs)) {
    const pid = Number(name.split("-")[0]);
    if (pid === process.pid || alive(pid)) continue;
    rmSync(join(workDirs, name), { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface AstroBuildOptions {
  /** Where the API the build reads from listens (http://127.0.0.1:<port>). */
  apiUrl: string;
  siteUrl: string;
  outDir: string;
  /** Keep Astro's output out of the terminal (a background publish); its last lines explain a failure. */
  quiet?: boolean;
  /** Called with a function that stops the build (the shop stopping). */
  onStart?: (stop: () => void) => void;
}

/** Astro's build of the static site, run by this Node. Rejects with the build's last error lines. */
export function astroBuild({ apiUrl, siteUrl, outDir, quiet, onStart }: AstroBuildOptions): Promise<void> {
  const astro = join(
    dirname(createRequire(import.meta.url).resolve("astro/package.json")),
    "bin",
    "astro.mjs",
  );
  // Each build runs in a working folder of its own: Astro writes a static build's server bundle into
  // <working folder>/.astro/.prerender/ when outDir lies outside it (astro/dist/prerender/utils.js,
  // getOutDirWithinCwd) and empties it when the build ends, so two builds sharing the checkout's root would delete
  // each other's chunks (« Cannot find module …/.astro/.prerender/chunks/… »). Nothing else a build reads is shared.
  mkdirSync(workDirs, { recursive: true });
  removeOrphanWorkDirs();
  const cwd = join(workDirs, `${process.pid}-${++builds}`);
  mkdirSync(cwd, { recursive: true });
  const cleanUp = () => rmSync(cwd, { recursive: true, force: true });
  return new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, [astro, "build", "--silent", "--root", root], {
      cwd,
      stdio: quiet ? ["ignore", "ignore", "pipe"] : "inherit",
      env: { ...process.env, SHOP_API_URL: apiUrl, SITE_URL: siteUrl, SHOP_OUT_DIR: outDir },
    });
    let errors = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-4000);
    });
    onStart?.(() => {
      if (child.exitCode === null) child.kill("SIGTERM");
    });
    child.on("error", (error) => {
      cleanUp();
      fail(error);
    });
    child.on("exit", (code) => {
      cleanUp();
      if (code === 0) return done();
      const last = errors
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean)
        .slice(-3)
        .join(" ");
      fail(new Error(`La construction du site a échoué (code ${code})${last ? ` : ${last}` : "."}`));
    });
  });
}
