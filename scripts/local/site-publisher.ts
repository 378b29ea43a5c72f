/**
 * Publishing under `npm start`: an edit the pages print asks for a publish; after a quiet moment (several
 * edits in a row make one publish) the site is built from the API into a new folder and only then served instead of
 * the old one, so a visitor gets the old page or the new one, never a half-written site. A failed build keeps the old
 * site and is recorded for the admin; the next edit tries again.
 */
import { cp, mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { SitePublisher } from "../../functions/platform/adapters/site-publisher";
import type { DataDeps } from "../../functions/platform/deps";
import { beginPublish, recordPublishResult } from "../../functions/publishing/publishing";

export interface LocalPublisherOptions {
  deps: DataDeps;
  /** Where the published builds go, one folder each. */
  sitesDir: string;
  /** The folder served now. */
  served: () => string;
  /** Builds the site into a folder. */
  build: (outDir: string) => Promise<void>;
  /** Serve this folder from now on. */
  publish: (dir: string) => void;
  /** Quiet time after the last request before building (default 1.5 s)... */
  quietMs?: number;
  /** ...but never more than this after the first request waiting (default 10 s). */
  maxWaitMs?: number;
  log?: (line: string) => void;
}

export interface LocalPublisher extends SitePublisher {
  /** Resolves when no publish is waiting or running (tests, shutdown). */
  idle(): Promise<void>;
  stop(): void;
}

/** Written in a publish's folder once it is complete, so a restart never serves a half-built one. */
const COMPLETE_MARK = ".published";

/** The newest complete publish in `sitesDir` (SKIP_BUILD restarts serve it), or null. */
export async function latestPublishedSite(sitesDir: string): Promise<string | null> {
  const names = (await readdir(sitesDir).catch(() => [] as string[])).sort().reverse();
  for (const name of names) {
    const dir = join(sitesDir, name);
    if (
      await stat(join(dir, COMPLETE_MARK)).then(
        () => true,
        () => false,
      )
    )
      return dir;
  }
  return null;
}

/** Old pages still in a visitor's browser ask for the old fingerprinted files: the new site keeps them. */
async function keepOldAssets(from: string, to: string): Promise<void> {
  await mkdir(join(to, "_astro"), { recursive: true });
  await cp(join(from, "_astro"), join(to, "_astro"), {
    recursive: true,
    force: false,
    errorOnExist: false,
  }).catch(() => undefined);
}

export function localSitePublisher(options: LocalPublisherOptions): LocalPublisher {
  const { deps, sitesDir, quietMs = 1500, maxWaitMs = 10_000, log = console.log } = options;
  let timer: NodeJS.Timeout | undefined;
  let firstWaiting: number | undefined;
  let running: Promise<void> | undefined;
  let waiting = false;
  let stopped = false;
  let sequence = 0;
  const idleWaiters: (() => void)[] = [];

  const settle = () => {
    if (running || waiting) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  };

  const schedule = () => {
    if (stopped) return;
    clearTimeout(timer);
    firstWaiting ??= Date.now();
    const delay = Math.max(0, Math.min(quietMs, firstWaiting + maxWaitMs - Date.now()));
    timer = setTimeout(() => {
      timer = undefined;
      firstWaiting = undefined;
      if (!running)
        running = run().finally(() => {
          running = undefined;
          if (waiting) schedule();
          else settle();
        });
    }, delay);
  };

  async function run(): Promise<void> {
    waiting = false;
    const { covers } = await beginPublish(deps);
    const previous = options.served();
    const dir = join(sitesDir, `${Date.now()}-${++sequence}`);
    const started = Date.now();
    try {
      await options.build(dir);
      await keepOldAssets(previous, dir);
      await writeFile(join(dir, COMPLETE_MARK), new Date().toISOString());
      options.publish(dir);
      await recordPublishResult(deps, { covers, ok: true });
      log(`Site publié en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      await removeOldBuilds(dir, previous);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`Publication du site : ${reason}`);
      await rm(dir, { recursive: true, force: true });
      await recordPublishResult(deps, { covers, ok: false, error: reason });
    }
  }

  /** Builds older than the one replaced are no longer served by anyone: removed a minute later. */
  async function removeOldBuilds(current: string, previous: string): Promise<void> {
    const names = await readdir(sitesDir).catch(() => [] as string[]);
    const old = names
      .map((name) => join(sitesDir, name))
      .filter((dir) => dir !== current && dir !== previous);
    for (const dir of old) await rm(dir, { recursive: true, force: true });
  }

  return {
    request() {
      if (stopped) return;
      waiting = true;
      if (!running) schedule();
    },
    idle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settle();
      });
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      waiting = false;
      settle();
    },
  };
}
