/**
 * Benchmark of the API, run on demand, never by `npm test` (time-based figures belong here):
 *
 * a) the app's overhead: a bare node:http server returning the same JSON vs the API served as `npm start` serves it
 *    (startLocalServer: @hono/node-server, the whole API), on an unknown /api route and on GET /api/products, with
 *    DynamoDB answered in-process: only the network is replaced (a request handler replaying what DynamoDB Local
 *    answered for the seeded catalogue), so the AWS SDK and ElectroDB run for real. autocannon loads from a child
 *    process; bare and app alternate within each round; req/s and the ratio per round, then the median.
 * b) order placement: POST /api/orders one at a time (a customer with an address, enough stock, an Idempotency-Key
 *    per order as the storefront sends it) vs two raw transactions through a document client of their own, both on
 *    one DynamoDB Local started here with the seed: the order's own transaction written again with fresh ids (the
 *    same items, bytes, conditions and indexes: the database's floor for this order), and as many small conditional
 *    puts; interleaved in rounds; p50 / p90 and the ratios of the p50s.
 *
 * Run: npm run bench:api -- [--connections 50] [--duration 5] [--rounds 3] [--orders 60] [--part a|b] [--trace]
 * (--trace: the DynamoDB calls of one order, when each starts and ends). Everything listens on 127.0.0.1, on free
 * ports. A CPU profile of the app alone on one route (the load runs in a child process, the bare server idles):
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx scripts/bench/api.ts --part a --app-only --route /api/products
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { parseArgs } from "node:util";
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { ulid } from "ulid";
import { openSession } from "../../functions/accounts/auth";
import { createUser } from "../../functions/accounts/service";
import { handleAccountMail } from "../../functions/main/account-mail";
import { startLocalServer } from "../../functions/main/local";
import { seedIfEmpty, seedSettingsFrom } from "../../functions/main/seed";
import type { AccountMailRequest } from "../../functions/platform/adapters/account-mail-queue";
import { systemClock } from "../../functions/platform/adapters/clock";
import { localMailer } from "../../functions/platform/adapters/mail";
import { ensureTable } from "../../functions/platform/db/bootstrap";
import { createDocumentClient, createDynamoClient } from "../../functions/platform/db/client";
import { createDb } from "../../functions/platform/db/service";
import { tableDefinition } from "../../functions/platform/db/table";
import type { Deps } from "../../functions/platform/deps";
import { PUBLIC_READ_CACHE_MS } from "../../functions/platform/middleware/public-read";
import { SETTINGS_CACHE_MS } from "../../functions/settings/service";
import { FRENCH_ADDRESS } from "../../tests/support/addresses";
import { startDynamoLocal } from "../local/dynamodb-local";

const root = resolve(import.meta.dirname, "..", "..");
const { values: flags } = parseArgs({
  options: {
    connections: { type: "string", default: "50" },
    duration: { type: "string", default: "5" },
    rounds: { type: "string", default: "3" },
    orders: { type: "string", default: "60" },
    part: { type: "string" },
    trace: { type: "boolean", default: false },
    route: { type: "string" },
    "app-only": { type: "boolean", default: false },
  },
});
const connections = Number(flags.connections);
const duration = Number(flags.duration);
const rounds = Number(flags.rounds);
const orders = Number(flags.orders);

type Db = ReturnType<typeof createDb>;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createNetServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
    server.once("error", fail);
  });
}

const median = (values: number[]) => percentile(values, 50);
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

function depsOver(db: Db, mailDir: string): Deps {
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

async function serveApi(deps: Deps): Promise<{ origin: string; server: Server }> {
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
function replayNetwork(db: Db) {
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
async function bareServer(status: number, body: string): Promise<{ origin: string; server: Server }> {
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

interface Load {
  rps: number;
  statuses: Record<string, number>;
  errors: number;
}

/** autocannon in its own process, so the load generator does not share the servers' event loop. */
function load(url: string): Promise<Load> {
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

function checked(what: string, result: Load, status: number): Load {
  const wrong = Object.entries(result.statuses).filter(([code]) => Number(code) !== status);
  if (result.errors || wrong.length)
    throw new Error(`${what}: ${result.errors} errors, statuses ${JSON.stringify(result.statuses)}`);
  return result;
}

async function overhead(endpoint: string, tableName: string, mailDir: string): Promise<void> {
  const db = createDb({ tableName, endpoint });
  const network = replayNetwork(db);
  const app = await serveApi(depsOver(db, mailDir));
  const routes = [
    { name: "unknown /api route", path: "/api/nothing-here", status: 404 },
    { name: "GET /api/products", path: "/api/products", status: 200 },
  ];
  const bare: Record<string, { origin: string; server: Server }> = {};
  for (const route of routes) {
    // Twice: the second request's DynamoDB calls are the ones every later request makes (clients warmed up).
    await fetch(`${app.origin}${route.path}`).then((response) => response.text());
    const response = await fetch(`${app.origin}${route.path}`);
    const body = await response.text();
    if (response.status !== route.status) throw new Error(`${route.path}: ${response.status} ${body}`);
    bare[route.path] = await bareServer(route.status, body);
  }
  network.replay();
  console.log(
    `\na) app vs bare node:http, DynamoDB answered in-process (${network.recorded()} answers recorded); autocannon -c ${connections} -d ${duration}`,
  );
  for (const route of routes.filter((candidate) => !flags.route || candidate.path === flags.route)) {
    if (flags["app-only"]) {
      const ours = checked(route.name, await load(`${app.origin}${route.path}`), route.status);
      console.log(`  ${route.name}: app ${ours.rps.toFixed(0)} req/s`);
      continue;
    }
    const ratios: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const floor = checked("bare", await load(`${bare[route.path]?.origin}${route.path}`), route.status);
      const ours = checked(route.name, await load(`${app.origin}${route.path}`), route.status);
      const ratio = ours.rps / floor.rps;
      ratios.push(ratio);
      console.log(
        `  ${route.name} round ${round}: app ${ours.rps.toFixed(0)} req/s, bare ${floor.rps.toFixed(0)} req/s, ratio ${ratio.toFixed(3)}`,
      );
    }
    console.log(`  ${route.name}: median ratio ${median(ratios).toFixed(3)}`);
  }
  for (const { server } of [app, ...Object.values(bare)]) server.close();
  db.dynamo.destroy();
}

/** The size (items) and duration (ms) of each TransactWriteItems the client sends: the order's own write. */
interface SeenTransaction {
  size: number;
  ms: number;
  /** The command's input as the document client got it (JSON), to replay the same transaction. */
  input: string;
}

function transactions(db: Db): SeenTransaction[] {
  const seen: SeenTransaction[] = [];
  db.dynamo.middlewareStack.add(
    (next) => async (args) => {
      const items = (args.input as { TransactItems?: unknown[] }).TransactItems;
      if (!items) return next(args);
      const input = JSON.stringify(args.input);
      const started = performance.now();
      try {
        return await next(args);
      } finally {
        seen.push({ size: items.length, ms: performance.now() - started, input });
      }
    },
    { step: "initialize", name: "benchTransactions" },
  );
  return seen;
}

/** --trace: each DynamoDB call of one order, from the request's start (ms), to see the rounds it waits for. */
async function traceOne(db: Db, placeOne: () => Promise<number>): Promise<void> {
  let start = 0;
  const calls: string[] = [];
  db.dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      const began = performance.now() - start;
      try {
        return await next(args);
      } finally {
        if (start)
          calls.push(
            `${began.toFixed(1)} → ${(performance.now() - start).toFixed(1)} ${context.commandName}`,
          );
      }
    },
    { step: "initialize", name: "benchTrace" },
  );
  start = performance.now();
  const total = await placeOne();
  start = 0;
  db.dynamo.middlewareStack.remove("benchTrace");
  // Calls that began after the answer are the confirmation mail's (the account mail queue), not the order's.
  const marked = calls.map((call) =>
    Number.parseFloat(call) > total ? `${call} (mail, after the answer)` : call,
  );
  console.log(`  one order, ${total.toFixed(1)} ms:\n    ${marked.join("\n    ")}`);
}

async function orderPlacement(endpoint: string, tableName: string, mailDir: string): Promise<void> {
  const db = createDb({ tableName, endpoint });
  const written = transactions(db);
  const deps = depsOver(db, mailDir);
  const app = await serveApi(deps);
  const { id: userId } = await createUser(deps, {
    email: `bench-${randomUUID().slice(0, 8)}@bench.test`,
    password: "bench-password",
    fullName: "Cliente Bench",
  });
  const token = await openSession(deps, userId);
  const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.origin}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const address = (await (await call("/api/user/addresses", FRENCH_ADDRESS)).json()) as { id: string };
  const productId = 1;
  await db.entities.product.patch({ id: productId }).set({ stock: 1_000_000 }).go();
  const request = {
    items: [{ product_id: productId, quantity: 1 }],
    shipping_address_id: address.id,
    total_amount: 0,
    payment_method: "bank_transfer",
    transfer_sender_name: "Lina Moreau",
  };
  // The server's total, as the payment screen shows it (PRICE_CHANGED carries it).
  const priced = (await (await call("/api/orders", request)).json()) as {
    code: string;
    totals: { total_amount: number };
  };
  if (priced.code !== "PRICE_CHANGED")
    throw new Error(`expected PRICE_CHANGED, got ${JSON.stringify(priced)}`);
  request.total_amount = priced.totals.total_amount;

  let lastKey = "";
  const placeOne = async () => {
    lastKey = randomUUID();
    const started = performance.now();
    const response = await call("/api/orders", request, { "idempotency-key": lastKey });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status !== 201) throw new Error(`POST /api/orders: ${response.status}`);
    // The confirmation mail (with its QR code) handed over after the answer: sent here, outside the measured time,
    // as another function sends it on AWS (depsOver). Not modelled: the SQS SendMessage the orders function awaits
    // before it returns on AWS.
    await deps.accountMail.flush();
    return elapsed;
  };
  await placeOne();
  await placeOne();
  const size = written.at(-1)?.size ?? 0;
  // A client of its own (its transactions are not the order's), configured as the shop's (functions/platform/db/client.ts).
  const rawClient = createDynamoClient({ tableName, endpoint });
  const documents = createDocumentClient(rawClient);
  const rawOne = async () => {
    const run = randomUUID();
    const started = performance.now();
    await documents.send(
      new TransactWriteCommand({
        TransactItems: Array.from({ length: size }, (_, index) => ({
          Put: {
            TableName: tableName,
            Item: {
              [tableDefinition.partitionKey]: `$bench#run_${run}`,
              [tableDefinition.sortKey]: `item_${index}`,
              at: new Date().toISOString(),
              n: index,
            },
            ConditionExpression: `attribute_not_exists(${tableDefinition.partitionKey})`,
          },
        })),
      }),
    );
    return performance.now() - started;
  };
  await rawOne();
  await rawOne();
  // The order's own transaction written again (the database's floor for this order): the same items, bytes,
  // conditions and indexes, with fresh ids (the order's, its stock movement's) and a fresh Idempotency-Key.
  const template = written.at(-1)?.input ?? "{}";
  const ids = new Set(
    [...template.matchAll(/\b[0-9A-HJKMNP-TV-Z]{26}\b/gi)]
      .map(([id]) => id.toUpperCase())
      .filter((id) => id !== userId.toUpperCase()),
  );
  const replayKey = lastKey;
  const replayOne = async () => {
    let text = template.replaceAll(replayKey, randomUUID());
    for (const id of ids) {
      const fresh = ulid();
      text = text.replaceAll(id, fresh).replaceAll(id.toLowerCase(), fresh.toLowerCase());
    }
    const started = performance.now();
    await documents.send(new TransactWriteCommand(JSON.parse(text)));
    return performance.now() - started;
  };
  await replayOne();
  await replayOne();
  if (flags.trace) {
    // Warm first (connections, JIT): the trace shows an order as the measured ones run.
    for (let i = 0; i < 20; i++) await placeOne();
    await traceOne(db, placeOne);
  }

  const ours: number[] = [];
  const raw: number[] = [];
  const replayed: number[] = [];
  const measuredFrom = written.length;
  const perRound = Math.max(1, Math.round(orders / rounds));
  for (let round = 1; round <= rounds; round++) {
    for (let i = 0; i < perRound; i++) ours.push(await placeOne());
    for (let i = 0; i < perRound; i++) raw.push(await rawOne());
    for (let i = 0; i < perRound; i++) replayed.push(await replayOne());
  }
  const ratio = median(ours) / median(raw);
  const ownWrites = written.slice(measuredFrom).map((entry) => entry.ms);
  console.log(
    `\nb) POST /api/orders sequential (${ours.length} orders, 1 product) vs raw ${size}-item transactions`,
  );
  console.log(
    `  order p50 ${median(ours).toFixed(1)} ms, p90 ${percentile(ours, 90).toFixed(1)} ms (its own transaction p50 ${median(ownWrites).toFixed(1)} ms)`,
  );
  console.log(
    `  the order's own transaction replayed: p50 ${median(replayed).toFixed(1)} ms, p90 ${percentile(replayed, 90).toFixed(1)} ms; ratio ${(median(ours) / median(replayed)).toFixed(2)}x`,
  );
  console.log(
    `  ${size} small conditional puts: p50 ${median(raw).toFixed(1)} ms, p90 ${percentile(raw, 90).toFixed(1)} ms; ratio ${ratio.toFixed(2)}x`,
  );
  app.server.close();
  db.dynamo.destroy();
  rawClient.destroy();
}

const dataDir = mkdtempSync(join(tmpdir(), "shop-bench-api-"));
const dynamo = await startDynamoLocal({ port: await freePort(), dataDir: null });
try {
  const tableName = "bench-api";
  const db = createDb({ tableName, endpoint: dynamo.endpoint });
  await ensureTable(db.dynamo, tableName);
  const settings = seedSettingsFrom(
    JSON.parse(readFileSync(join(root, "tests", "fixtures", "shop-settings.json"), "utf8")),
  );
  if ("problem" in settings) throw new Error(settings.problem);
  await seedIfEmpty(
    { db, clock: systemClock },
    { adminEmail: "admin@bench.test", adminPassword: "bench-admin-password", settings: settings.settings },
  );
  db.dynamo.destroy();
  console.log(`Node ${process.version}; DynamoDB Local at ${dynamo.endpoint}; rounds ${rounds}`);
  if (flags.part !== "b") await overhead(dynamo.endpoint, tableName, dataDir);
  if (flags.part !== "a") await orderPlacement(dynamo.endpoint, tableName, dataDir);
} finally {
  await dynamo.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
