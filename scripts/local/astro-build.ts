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
  // Astro writes a static build's server bundle (the chunks it imports to render each page, then deletes) into
  // <outDir>/.prerender/ when outDir lies inside the working folder, otherwise into <working folder>/.astro/.prerender/
  // (astro/dist/prerender/utils.js, getOutDirWithinCwd). From the checkout's root, with outDir in a data folder
  // elsewhere or in a temporary folder, that was one folder for every build of the checkout, which each build empties
  // when it ends: two builds at once (npm start's and its publisher's first, two shops of the test suite) deleted
  // each other's chunks, « Cannot find module …/.astro/.prerender/chunks/admin_….mjs », reported under
  // @tailwindcss/node's import hook. Each build now runs in a working folder of its own, the
  // project given by --root: its bundle goes there whatever outDir is. The rest is independent already: the output
  // folder is each build's own, .astro/ gets the same typings from every build, nothing a build reads is shared (no
  // image or content cache in node_modules/.astro; node_modules/.vite is the dev server's; Tailwind has no disk cache).
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
