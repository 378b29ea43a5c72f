/**
 * `npm start`: the whole shop on this machine, on one origin.
 * DynamoDB Local (data under DATA_DIR) -> table -> seed when empty -> API -> Astro build -> site served.
 * Environment: PORT (4321), DATA_DIR (.data), DYNAMODB_PORT (8765), ADMIN_EMAIL, ADMIN_PASSWORD, TABLE_NAME.
 */
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { systemClock } from "../functions/adapters/clock";
import { localMailer } from "../functions/adapters/mail";
import { startLocalServer } from "../functions/api/local";
import { ensureTable } from "../functions/db/bootstrap";
import { createDb } from "../functions/db/service";
import { releaseExpiredHolds } from "../functions/services/orders";
import { seedIfEmpty } from "../functions/services/seed";
import { startDynamoLocal } from "./dynamodb-local";

const port = Number(process.env.PORT ?? 4321);
const dynamoPort = Number(process.env.DYNAMODB_PORT ?? 8765);
const dataDir = resolve(process.env.DATA_DIR ?? ".data");
const tableName = process.env.TABLE_NAME ?? "savon-shop";
const root = resolve(import.meta.dirname, "..");
const origin = `http://localhost:${port}`;
const mailDir = resolve(dataDir, "mail");

function runBuild(): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn("npx", ["astro", "build", "--silent"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, SHOP_API_URL: origin, SITE_URL: process.env.SITE_URL ?? origin },
    });
    child.on("exit", (code) =>
      code === 0 ? done() : fail(new Error(`astro build a échoué (code ${code}).`)),
    );
  });
}

async function main(): Promise<void> {
  console.log(`Démarrage de DynamoDB Local (données dans ${dataDir})…`);
  const dynamo = await startDynamoLocal(dynamoPort, resolve(dataDir, "dynamodb"));
  const stopAll: Array<() => Promise<void> | void> = [dynamo.stop];
  const shutdown = async () => {
    for (const stop of stopAll.reverse()) await stop();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);

  try {
    const db = createDb({ tableName, endpoint: dynamo.endpoint });
    const deps = {
      db,
      clock: systemClock,
      mailer: localMailer(mailDir, "Savonnerie d'Alep <no-reply@savon-alep.local>"),
      siteUrl: process.env.SITE_URL ?? origin,
    };
    if ((await ensureTable(db.dynamo, tableName)) === "created") console.log(`Table ${tableName} créée.`);

    const seed = await seedIfEmpty(deps, {
      adminEmail: process.env.ADMIN_EMAIL ?? "admin@savon-alep.local",
      adminPassword: process.env.ADMIN_PASSWORD,
    });

    let siteReady = process.env.SKIP_BUILD === "1";
    const server = await startLocalServer({
      port,
      deps,
      distDir: resolve(root, "dist"),
      isSiteReady: () => siteReady,
    });
    stopAll.push(() => new Promise<void>((done) => server.close(() => done())));

    // The same job AWS runs every 5 minutes (infra/jobs.ts): release PayPal holds never captured.
    const holds = setInterval(() => {
      releaseExpiredHolds(deps).catch((error: unknown) =>
        console.error("Libération des réservations PayPal :", error),
      );
    }, 60_000);
    stopAll.push(() => clearInterval(holds));

    if (process.env.SKIP_BUILD !== "1") {
      console.log("Construction du site…");
      await runBuild();
      siteReady = true;
    }

    console.log(`\nLa boutique est prête : ${origin}`);
    console.log(`E-mails envoyés : fichiers .eml dans ${mailDir}`);
    if (seed.seeded) {
      console.log(`Catalogue initial créé (${seed.products} produits) et réglages par défaut enregistrés.`);
      console.log(`Compte administrateur : ${seed.adminEmail}`);
      if (seed.generatedPassword)
        console.log(`Mot de passe (affiché une seule fois) : ${seed.adminPassword}`);
      else console.log("Mot de passe : celui de ADMIN_PASSWORD");
    } else {
      console.log("Base existante réutilisée (compte administrateur inchangé).");
    }
    console.log("Ctrl-C pour tout arrêter.");
  } catch (error) {
    for (const stop of stopAll.reverse()) await stop();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
