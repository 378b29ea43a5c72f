/**
 * What the API benchmark (api.ts) runs on: the shop's API over DynamoDB Local with mails queued as on AWS, a replay of
 * the database's answers to measure the app alone, a bare server as the floor, and autocannon in its own process.
 */
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { handleAccountMail } from "../../functions/main/account-mail";
import { startLocalServer } from "../../functions/main/local";
import type { AccountMailRequest } from "../../functions/platform/adapters/account-mail-queue";
import { systemClock } from "../../functions/platform/adapters/clock";
import { localMailer } from "../../functions/platform/adapters/mail";
import type { createDb } from "../../functions/platform/db/service";
import type { Deps } from "../../functions/platform/deps";
import { PUBLIC_READ_CACHE_MS } from "../../functions/platform/middleware/public-read";
import { SETTINGS_CACHE_MS } from "../../functions/settings/service";

const root = resolve(import.meta.dirname, "..", "..");

export type Db = ReturnType<typeof createDb>;

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createNetServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
    server.once("error", fail);
  });
}

export const median = (values: number[]) => percentile(values, 50);
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export function depsOver(db: Db, mailDir: string): Deps {
  const mailDeps = {
    db,
    clock: systemClock,
    // As the Lambdas have it (functions/main/deps-from-env.ts); `npm start` leaves it off (tests write settings behind it).
    settingsCacheMs: SETTINGS_CACHE_MS,
    // As the Lambdas have it: a public read is kept 1 s in memory (middleware/public-read.ts).
    publicReadCacheMs: PUBLIC_READ_CACHE_MS,
    mailer: localMailer(mailDir, "Bench <no-reply@bench.local>"),
    siteUrl: "http://127.0.0.1",
  };
  // As on AWS, where the queue's subscriber is another function: what a request hands over waits in the "queue"
  // until flush() (after each measured order), instead of running in this process while the answer is read.
  const queued: AccountMailRequest[] = [];
  return {
    ...mailDeps,
    accountMail: {
      request: (request) => void queued.push(request),
      flush: async () => {
        for (const request of queued.splice(0)) await handleAccountMail(mailDeps, request);
      },
    },
  };
}

export async function serveApi(deps: Deps): Promise<{ origin: string; server: Server }> {
  const port = await freePort();
  // The site's folder is never reached: every request here is under /api.
  const server = await startLocalServer({ port, deps, distDir: join(tmpdir(), "no-site") });
  return { origin: `http://127.0.0.1:${port}`, server };
}

interface Recorded {
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Replaces the client's network, nothing else: while recording, each DynamoDB answer is kept by request (target and
 * body); then the same requests are answered from memory, as DynamoDB Local answered them. A request never recorded
 * fails loudly (the benchmark would then count errors, not measure a shortcut).
 */
export function replayNetwork(db: Db) {
  const config = db.dynamo.config as unknown as { requestHandler: HttpHandlerLike };
  const network = config.requestHandler;
  const answers = new Map<string, Recorded>();
  let replaying = false;
  const keyOf = (request: HttpRequestLike) =>
    `${request.headers["x-amz-target"]}\n${typeof request.body === "string" ? request.body : ""}`;
  const respond = (answer: Recorded) => ({
    response: {
      statusCode: answer.statusCode,
      reason: undefined,
      headers: { ...answer.headers },
      body: Readable.from([answer.body]),
    },
  });
  config.requestHandler = {
    ...network,
    handle: async (request: HttpRequestLike, options?: unknown) => {
      const key = keyOf(request);
      if (replaying) {
        const answer = answers.get(key);
        if (!answer) throw new Error(`Not recorded: ${key}`);
        return respond(answer);
      }
      const { response } = await network.handle(request, options);
      const chunks: Buffer[] = [];
      for await (const chunk of response.body as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
      const answer = {
        statusCode: response.statusCode,
        headers: response.headers,
        body: Buffer.concat(chunks),
      };
      answers.set(key, answer);
      return respond(answer);
    },
    destroy: () => network.destroy?.(),
  };
  return {
    replay: () => {
      replaying = true;
    },
    recorded: () => answers.size,
  };
}

interface HttpRequestLike {
  headers: Record<string, string>;
  body?: unknown;
}
interface HttpHandlerLike {
  handle: (
    request: HttpRequestLike,
    options?: unknown,
  ) => Promise<{ response: { statusCode: number; headers: Record<string, string>; body: unknown } }>;
  destroy?: () => void;
}

/** A bare node:http server answering `body` with `status` on every request: the floor. */
export async function bareServer(status: number, body: string): Promise<{ origin: string; server: Server }> {
  const port = await freePort();
  const server = createServer((_request, response) => {
    response.writeHead(status, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
    });
    response.end(body);
  });
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
  return { origin: `http://127.0.0.1:${port}`, server };
}

export interface Load {
  rps: number;
  statuses: Record<string, number>;
  errors: number;
}

/** autocannon in its own process, so the load generator does not share the servers' event loop. */
export function load(
  url: string,
  { connections, duration }: { connections: number; duration: number },
): Promise<Load> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        join(root, "node_modules", "autocannon", "autocannon.js"),
        "-c",
        String(connections),
        "-d",
        String(duration),
        "-j",
        url,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("error", fail);
    child.once("exit", (code) => {
      if (code !== 0) return fail(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(output) as {
        requests: { average: number };
        errors: number;
        timeouts: number;
        statusCodeStats: Record<string, { count: number }>;
      };
      done({
        rps: result.requests.average,
        errors: result.errors + result.timeouts,
        statuses: Object.fromEntries(
          Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]),
        ),
      });
    });
  });
}

export function checked(what: string, result: Load, status: number): Load {
  const wrong = Object.entries(result.statuses).filter(([code]) => Number(code) !== status);
  if (result.errors || wrong.length)
    throw new Error(`${what}: ${result.errors} errors, statuses ${JSON.stringify(result.statuses)}`);
  return result;
}
