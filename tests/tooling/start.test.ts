/**
 * `npm start`, started for real through npm as a newcomer or a supervisor starts it: each failure ends in French
 * lines that name the cause and the fix, a non-zero exit code, and nothing left running; a running shop stops
 * whole on SIGTERM to npm, and its database stops even when the shop is killed outright.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type DynamoLocal, startDynamoLocal } from "../../scripts/local/dynamodb-local";
import { isPortTaken } from "../../scripts/local/ports";

const root = resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "shop-start-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let nextPort = 20_000 + (process.pid % 2_000) * 10;
async function freePort(): Promise<number> {
  while (await isPortTaken(nextPort)) nextPort++;
  return nextPort++;
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
}

/** `npm start` in the repository, with this environment on top of the test's. */
function npmStart(env: Record<string, string>): Run {
  let output = "";
  const child = spawn("npm", ["start"], {
    cwd: root,
    env: { ...process.env, SKIP_BUILD: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  const waitFor = async (pattern: RegExp, timeoutMs = 90_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(output)) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`${pattern} never appeared; output:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, output: () => output, exited, waitFor };
}

/** What the shop printed itself: npm's own banner and warnings left out. */
function shopLines(output: string): string[] {
  return output
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith(">") && !line.startsWith("npm "));
}

/** Processes whose command line names this data folder (DynamoDB Local has it in -dbPath). */
function processesUsing(dataDir: string): string[] {
  return execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes(dataDir) && !line.startsWith("ps "));
}

async function expectNothingLeft(dataDir: string, ports: number[], lockRemoved = true): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const listening = [];
    for (const port of ports) if (await isPortTaken(port)) listening.push(port);
    const processes = processesUsing(dataDir);
    if (listening.length === 0 && processes.length === 0) break;
    if (Date.now() > deadline) {
      expect({ listening, processes }).toEqual({ listening: [], processes: [] });
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (lockRemoved) expect(existsSync(join(dataDir, "shop.lock"))).toBe(false);
}

/** Every process below `pid` (npm -> sh -> node -> java). */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .trim()
      .split("\n")
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

function listenOn(port: number, host: string): Promise<Server> {
  return new Promise((done) => {
    const server = createServer((socket) => socket.end());
    server.listen(port, host, () => done(server));
  });
}

const machineAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address?.family === "IPv4" && !address.internal)?.address;

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port });
    socket.setTimeout(2_000, () => {
      socket.destroy();
      done(false);
    });
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}

describe("npm start, when it cannot start", { timeout: 120_000 }, () => {
  it("names the taken shop port and PORT, and starts no database", async () => {
    const [port, dbPort] = [await freePort(), await freePort()];
    const dataDir = join(scratch, "taken-port");
    const squatter = await listenOn(port, "0.0.0.0");
    try {
      const run = npmStart({ PORT: String(port), DYNAMODB_PORT: String(dbPort), DATA_DIR: dataDir });
      expect(await run.exited).toBe(1);
      expect(shopLines(run.output())).toEqual([
        `Le port ${port} est déjà utilisé par un autre programme (une autre boutique lancée ?).`,
        `Arrêtez ce programme, ou choisissez un autre port : PORT=${port + 1} npm start`,
      ]);
      await expectNothingLeft(dataDir, [dbPort]);
    } finally {
      squatter.close();
    }
  });

  it("names the database port taken by another program and DYNAMODB_PORT", async () => {
    const [port, dbPort] = [await freePort(), await freePort()];
    const dataDir = join(scratch, "taken-db-port");
    const squatter = await listenOn(dbPort, "127.0.0.1");
    try {
      const run = npmStart({ PORT: String(port), DYNAMODB_PORT: String(dbPort), DATA_DIR: dataDir });
      expect(await run.exited).toBe(1);
      expect(shopLines(run.output()).slice(-2)).toEqual([
        `Le port ${dbPort}, celui de la base de données locale, est déjà utilisé par un autre programme.`,
        `Arrêtez-le, ou choisissez un autre port : DYNAMODB_PORT=${dbPort + 1} npm start`,
      ]);
      await expectNothingLeft(dataDir, [port]);
    } finally {
      squatter.close();
    }
  });

  it("never uses a DynamoDB Local it did not start (an orphan, or another shop's)", async () => {
    const [port, dbPort] = [await freePort(), await freePort()];
    const dataDir = join(scratch, "foreign-db");
    let foreign: DynamoLocal | undefined;
    try {
      foreign = await startDynamoLocal({ port: dbPort, dataDir: null });
      const run = npmStart({ PORT: String(port), DYNAMODB_PORT: String(dbPort), DATA_DIR: dataDir });
      expect(await run.exited).toBe(1);
      const lines = shopLines(run.output());
      expect(lines.at(-2)).toMatch(
        new RegExp(
          `^Une base DynamoDB tourne déjà sur le port ${dbPort} sans avoir été lancée par cette commande`,
        ),
      );
      expect(lines.at(-1)).toBe(
        `Arrêtez-le, ou choisissez un autre port : DYNAMODB_PORT=${dbPort + 1} npm start`,
      );
      expect(run.output()).not.toMatch(/Base existante réutilisée|prête/);
      await expectNothingLeft(dataDir, [port]);
    } finally {
      await foreign?.stop();
    }
  });

  it("names Java and how to install it when it is missing", async () => {
    // A PATH with npm, node and sh only: npm's scripts add node_modules/.bin (the project's Node) themselves.
    const bin = join(scratch, "no-java-bin");
    mkdirSync(bin, { recursive: true });
    const npm = execFileSync("sh", ["-c", "command -v npm"], { encoding: "utf8" }).trim();
    symlinkSync(realpathSync(npm), join(bin, "npm"));
    symlinkSync(process.execPath, join(bin, "node"));
    symlinkSync(realpathSync("/bin/sh"), join(bin, "sh"));
    const dataDir = join(scratch, "no-java");
    const [port, dbPort] = [await freePort(), await freePort()];
    const run = npmStart({ PORT: String(port), DYNAMODB_PORT: String(dbPort), DATA_DIR: dataDir, PATH: bin });
    expect(await run.exited).toBe(1);
    expect(shopLines(run.output()).slice(-2)).toEqual([
      "La base de données locale (DynamoDB Local) a besoin de Java 17 ou plus récent, et la commande java est introuvable.",
      "Installez un JDK 17 ou plus récent (Debian/Ubuntu : sudo apt-get install openjdk-17-jdk-headless ; macOS : brew install openjdk@17), puis relancez.",
    ]);
    await expectNothingLeft(dataDir, [port, dbPort]);
  });

  it("refuses an admin password that sign-up would refuse", async () => {
    const dataDir = join(scratch, "weak-password");
    const run = npmStart({ PORT: String(await freePort()), DATA_DIR: dataDir, ADMIN_PASSWORD: "abc" });
    expect(await run.exited).toBe(1);
    expect(shopLines(run.output())).toEqual([
      "ADMIN_PASSWORD : Le mot de passe doit contenir au moins 6 caractères.",
      "Corrigez la variable, puis relancez npm start.",
    ]);
  });
});

describe("npm start, running", { timeout: 180_000 }, () => {
  it("listens on 127.0.0.1 only, keeps its data folder to itself and stops whole on SIGTERM to npm", async () => {
    const [port, dbPort] = [await freePort(), await freePort()];
    const dataDir = join(scratch, "running");
    const shop = npmStart({ PORT: String(port), DYNAMODB_PORT: String(dbPort), DATA_DIR: dataDir });
    try {
      await shop.waitFor(/La boutique est prête/);
      expect((await fetch(`http://127.0.0.1:${port}/api/products`)).status).toBe(200);
      expect(await reachable("127.0.0.1", dbPort)).toBe(true);
      if (machineAddress) {
        expect(await reachable(machineAddress, dbPort)).toBe(false);
        expect(await reachable(machineAddress, port)).toBe(false);
      }

      const [otherPort, otherDbPort] = [await freePort(), await freePort()];
      const second = npmStart({
        PORT: String(otherPort),
        DYNAMODB_PORT: String(otherDbPort),
        DATA_DIR: dataDir,
      });
      expect(await second.exited).toBe(1);
      expect(shopLines(second.output())).toEqual([
        expect.stringMatching(
          new RegExp(
            `^Le dossier de données ${dataDir} est déjà utilisé par une autre boutique \\(processus \\d+\\)\\.$`,
          ),
        ),
        `Arrêtez-la, ou choisissez un autre dossier : DATA_DIR=${dataDir}-2 npm start`,
      ]);
      expect(await isPortTaken(otherDbPort)).toBe(false);

      shop.child.kill("SIGTERM"); // npm's pid, as a supervisor or systemd sends it
      await shop.exited;
      await expectNothingLeft(dataDir, [port, dbPort]);
    } finally {
      shop.child.kill("SIGKILL");
    }
  });

  it("takes its database down with it when killed outright, and starts again on the same folder", async () => {
    const [port, dbPort] = [await freePort(), await freePort()];
    const dataDir = join(scratch, "killed");
    const first = npmStart({ PORT: String(port), DYNAMODB_PORT: String(dbPort), DATA_DIR: dataDir });
    await first.waitFor(/La boutique est prête/);
    const shopNode = descendants(first.child.pid as number).find((pid) =>
      execFileSync("ps", ["-o", "args=", "-p", String(pid)], { encoding: "utf8" }).includes(
        "node --import tsx",
      ),
    );
    expect(shopNode).toBeDefined();
    process.kill(shopNode as number, "SIGKILL"); // no chance to stop anything: the database must stop by itself
    await first.exited;
    await expectNothingLeft(dataDir, [port, dbPort], false);

    const again = npmStart({ PORT: String(port), DYNAMODB_PORT: String(dbPort), DATA_DIR: dataDir });
    try {
      // The summary after « prête » may reach the pipe in a later chunk: wait for its last line.
      await again.waitFor(/Ctrl-C pour tout arrêter/);
      expect(again.output()).toContain("Base existante réutilisée");
    } finally {
      again.child.kill("SIGINT");
      await again.exited;
    }
    await expectNothingLeft(dataDir, [port, dbPort]);
  });
});

describe("npm start on a slow database", { timeout: 120_000 }, () => {
  it("waits for a database frozen 6 s once its table exists, says so, then serves", async () => {
    const [port, dbPort] = [await freePort(), await freePort()];
    const dataDir = join(scratch, "slow");
    const shop = npmStart({
      PORT: String(port),
      DYNAMODB_PORT: String(dbPort),
      DATA_DIR: dataDir,
      SITE_PUBLISH: "on",
    });
    let java: number | undefined;
    // Frozen the moment the table exists: the seed and the publish's records meet a database that does not answer.
    shop.child.stdout?.on("data", () => {
      if (java !== undefined || !/Table \S+ créée\./.test(shop.output())) return;
      java = descendants(shop.child.pid as number).find((pid) =>
        execFileSync("ps", ["-o", "args=", "-p", String(pid)], { encoding: "utf8" }).includes("java"),
      );
      if (java === undefined) return;
      process.kill(java, "SIGSTOP");
      const frozen = java;
      setTimeout(() => process.kill(frozen, "SIGCONT"), 6_000);
    });
    try {
      await shop.waitFor(/La boutique est prête/);
      expect(java).toBeDefined();
      expect(shop.output()).toContain(
        "La base de données répond lentement : la boutique l'attend (2 minutes au plus par appel)…",
      );
      expect(shop.output()).not.toContain("Erreur inattendue");
      expect((await fetch(`http://127.0.0.1:${port}/api/products`)).status).toBe(200);
    } finally {
      if (java !== undefined) process.kill(java, "SIGCONT");
      shop.child.kill("SIGTERM");
      await shop.exited;
    }
    await expectNothingLeft(dataDir, [port, dbPort]);
  });
});
