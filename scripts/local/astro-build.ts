import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..", "..");

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
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [astro, "build", "--silent"], {
      cwd: root,
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
    child.on("exit", (code) => {
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
