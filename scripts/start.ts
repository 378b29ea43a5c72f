/**
 * `npm start`: the whole shop on this machine, on one origin.
 * Data folder locked -> DynamoDB Local on 127.0.0.1 (data under DATA_DIR) -> table -> seed when empty -> API ->
 * Astro build -> site served. Every failure ends in one or two French lines, a non-zero exit code and nothing left
 * running. The environment it reads is described in scripts/local/config.ts and the README.
 */
import { rm } from "node:fs/promises";
import { networkInterfaces } from "node:os";
import { join, resolve } from "node:path";
import { runDailySummary } from "../functions/admin/daily-summary";
import { isSuppressed } from "../functions/mail/suppressions";
import { handleAccountMail } from "../functions/main/account-mail";
import { startLocalServer } from "../functions/main/local";
import { seedIfEmpty } from "../functions/main/seed";
import { reconcile } from "../functions/payments/jobs/reconcile-paypal";
import { releaseExpiredHolds } from "../functions/payments/paypal-holds";
import { migratePlainPaypalSecret } from "../functions/payments/paypal-secret";
import { followUpTransfers } from "../functions/payments/transfer-follow-up";
import { inProcessAccountMail } from "../functions/platform/adapters/account-mail-queue";
import { systemClock } from "../functions/platform/adapters/clock";
import { localSecretBox } from "../functions/platform/adapters/local-secret-box";
import { localMailer, suppressingMailer } from "../functions/platform/adapters/mail";
import { folderStorage } from "../functions/platform/adapters/object-storage";
import { LOCAL_SECRET_KEY_FILE } from "../functions/platform/adapters/secret-box";
import { ensureTable } from "../functions/platform/db/bootstrap";
import { START_DYNAMO_LIMITS } from "../functions/platform/db/client";
import { createDb } from "../functions/platform/db/service";
import {
  beginPublish,
  markSiteStale,
  recordPublishResult,
  sitePublishStatus,
} from "../functions/publishing/publishing";
import { followPriceChanges } from "../functions/reductions/on-time";
import { sendReviewInvitations } from "../functions/reviews/invitations";
import { trackParcels } from "../functions/shipping/tracking";
import { astroBuild } from "./local/astro-build";
import { isLoopback, type LocalConfig, localConfigFromEnv, localOrigin } from "./local/config";
import { lockDataDir } from "./local/data-lock";
import { startDynamoLocal } from "./local/dynamodb-local";
import { retryingMail, watchedJob } from "./local/jobs";
import { startLaposteDoubleIfAsked } from "./local/laposte-double";
import { assertShopPortFree } from "./local/ports";
import { latestPublishedSite, localSitePublisher } from "./local/site-publisher";
import { reusableSite, siteBuildKey, stampBuild } from "./local/site-reuse";
import { StartError, withVariable } from "./local/start-error";
import { type Supervisor, superviseProcess } from "./local/supervisor";

/** The checkout the site is built from. */
const REPOSITORY = resolve(import.meta.dirname, "..");

async function startDatabase(config: LocalConfig, supervisor: Supervisor): Promise<string> {
  if (config.dynamoEndpoint) {
    console.log(`Base de données : ${config.dynamoEndpoint} (DYNAMODB_ENDPOINT), table ${config.tableName}.`);
    return config.dynamoEndpoint;
  }
  const folder = join(config.dataDir, "dynamodb");
  console.log(`Démarrage de la base de données locale (données dans ${folder}, port ${config.dynamoPort})…`);
  const dynamo = await startDynamoLocal({ port: config.dynamoPort, dataDir: folder });
  supervisor.onStop(dynamo.stop);
  dynamo.process.once("exit", (code) => {
    if (supervisor.stopping) return;
    console.error(`La base de données locale s'est arrêtée (code ${code}) : la boutique s'arrête aussi.`);
    void supervisor.shutdown(1);
  });
  return dynamo.endpoint;
}

/**
 * The start's own database calls: they wait for a slow database (START_DYNAMO_LIMITS) and, after 3 s, say that the
 * shop is waiting, once.
 */
function patience(): <T>(call: Promise<T>) => Promise<T> {
  let said = false;
  return async (call) => {
    const notice = setTimeout(() => {
      if (said) return;
      said = true;
      console.log(
        "La base de données répond lentement : la boutique l'attend (2 minutes au plus par appel)…",
      );
    }, 3_000);
    try {
      return await call;
    } finally {
      clearTimeout(notice);
    }
  };
}

function networkAddresses(port: number): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && address.family === "IPv4" && !address.internal)
    .map((address) => `http://${address?.address}:${port}`);
}

async function main(supervisor: Supervisor): Promise<void> {
  const config = localConfigFromEnv(process.env);
  await assertShopPortFree(config.port, config.host);
  supervisor.onStop(lockDataDir(config.dataDir));

  const endpoint = await startDatabase(config, supervisor);
  await startLaposteDoubleIfAsked(process.env, supervisor);
  const db = createDb({ tableName: config.tableName, endpoint });
  // The start's own calls (table, seed, the first publish's records) wait for a database still warming up or slowed by
  // a loaded machine; the requests it serves keep their deadline (db above).
  const startDb = createDb({ tableName: config.tableName, endpoint, limits: START_DYNAMO_LIMITS });
  const patiently = patience();
  const mailDir = resolve(config.dataDir, "mail");
  // The site served now: the start's build, then each publish's.
  const sitesDir = join(config.dataDir, "sites");
  // A restart serves the site it built last at once when the code and the build's settings are the same
  // (scripts/local/site-reuse.ts); SKIP_BUILD: the newest complete publish, whatever it was built from.
  const buildKey = await siteBuildKey(REPOSITORY, {
    SITE_URL: config.siteUrl,
    PUBLIC_GA_MEASUREMENT_ID: process.env.PUBLIC_GA_MEASUREMENT_ID,
  });
  const latest = await latestPublishedSite(sitesDir);
  const reused = config.skipBuild ? null : await reusableSite([latest, config.siteDir], buildKey);
  let servedDir = (config.skipBuild && latest) || reused || config.siteDir;
  const build = async (outDir: string, quiet: boolean) => {
    await astroBuild({
      apiUrl: `http://127.0.0.1:${config.port}`,
      siteUrl: config.siteUrl,
      outDir,
      quiet,
      onStart: (stop) => supervisor.onStop(stop),
    });
    await stampBuild(outDir, buildKey);
  };
  const mailDeps = {
    db,
    clock: systemClock,
    // The PayPal secret sealed with a key of this data folder, made on the first start (docs/decisions/031).
    secrets: localSecretBox(join(config.dataDir, LOCAL_SECRET_KEY_FILE)),
    // As on AWS, never to an address refused (recorded from SES's reports there; nothing records one locally).
    mailer: suppressingMailer(localMailer(mailDir, "Savonnerie d'Alep <no-reply@savon-alep.local>"), (to) =>
      isSuppressed({ db }, to),
    ),
    siteUrl: config.siteUrl,
  };
  // Reset mails go out after the answer, in this process; a stop lets them finish first
  // (registered before the server: the server closes first, the database stops after).
  // A mail that keeps failing is put on the owner's to-do list, as the mail queue's dead-letter alarm does on AWS.
  const accountMail = inProcessAccountMail(
    retryingMail(mailDeps, (request) => handleAccountMail(mailDeps, request)),
  );
  supervisor.onStop(() => accountMail.flush());
  // Product photos: files under <DATA_DIR>/media, served by this server under /media.
  const mediaDir = join(config.dataDir, "media");
  const baseDeps = {
    ...mailDeps,
    accountMail,
    secureCookies: isLoopback(config.host),
    media: folderStorage(mediaDir),
    // Colissimo's label PDFs: under <DATA_DIR>/documents, served by no path of this server, only
    // through the admin routes, as the private bucket on AWS.
    documents: folderStorage(join(config.dataDir, "documents")),
    // No in-memory copy of the public reads here (the Lambdas keep them 1 s, middleware/public-read.ts): scripts and
    // the end-to-end tests write the table behind this server's back and read the catalogue right after through the
    // API, as no shopper's browser does (theirs asks past the copy). The settings cache is off here too.
  };
  const publisher = localSitePublisher({
    deps: baseDeps,
    sitesDir,
    served: () => servedDir,
    build: (outDir) => build(outDir, true),
    publish: (dir) => {
      servedDir = dir;
    },
  });
  supervisor.onStop(() => publisher.stop());
  // SITE_PUBLISH=off: the site stays as the start built it (the end-to-end suite, which edits all the time).
  const deps = config.publish ? { ...baseDeps, publisher } : baseDeps;
  const startDeps = { ...deps, db: startDb };
  if ((await patiently(ensureTable(startDb.dynamo, config.tableName))) === "created")
    console.log(`Table ${config.tableName} créée.`);
  const seed = await patiently(
    seedIfEmpty(startDeps, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      settings: config.seedSettings,
    }),
  );
  // An older shop kept the PayPal secret in clear: sealed now, before anything reads it.
  if (await patiently(migratePlainPaypalSecret(startDeps)))
    console.log("Secret PayPal chiffré dans la base.");

  let siteReady = config.skipBuild || reused !== null;
  const server = await startLocalServer({
    port: config.port,
    hostname: config.host,
    deps,
    mediaDir,
    distDir: () => servedDir,
    isSiteReady: () => siteReady,
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE") throw error;
    throw new StartError(
      `Le port ${config.port} vient d'être pris par un autre programme.\nRelancez, ou choisissez un autre port : ${withVariable("PORT", config.port + 1)}`,
    );
  });
  supervisor.onStop(
    () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  );

  // The jobs AWS schedules (infra/jobs.ts), under the same names: a failure is logged and put on the owner's to-do
  // list (« Quelque chose ne va pas »), as the job's alarm does on AWS, and the next successful run takes it off.
  const job = (name: string, label: string, run: () => Promise<unknown>, everyMs: number) => {
    const timer = setInterval(watchedJob(deps, name, label, run), everyMs);
    supervisor.onStop(() => clearInterval(timer));
  };
  // Every 5 minutes on AWS: release PayPal holds never captured.
  job("ReleaseHolds", "Libération des réservations PayPal", () => releaseExpiredHolds(deps), 60_000);
  // Every night on AWS: every hour here, a shop rarely runs overnight.
  job("ReconcilePaypal", "Rapprochement des commandes PayPal", () => reconcile(deps), 3_600_000);
  // At 8:00 Paris time on AWS: asked every 5 minutes here, it goes at the first check from 8:00 on (later that day
  // when the shop was started after 8:00), once a Paris day.
  job("DailySummary", "Résumé quotidien", () => runDailySummary(deps), 300_000);
  // Every daytime hour on AWS: here every hour.
  job("TransferFollowUp", "Relance des virements", () => followUpTransfers(deps), 3_600_000);
  // Every two daytime hours on AWS: every hour here (without La Poste's API key in Paramètres it does nothing).
  job("TrackParcels", "Suivi des colis La Poste", () => trackParcels(deps), 3_600_000);
  // Once a day at 10:30 on AWS: every hour here; each order is claimed, so it is invited once.
  job("ReviewInvitations", "Invitations à donner un avis", () => sendReviewInvitations(deps), 3_600_000);
  // Every 5 minutes on AWS: every 15 seconds here (one read of the catalogue), so the pages follow a reduction's start
  // or end within a publish's own time.
  job("PriceChanges", "Publication des pages aux prix", () => followPriceChanges(deps), 15_000);

  if (reused) {
    console.log("Site de la dernière construction servi tout de suite (code inchangé).");
    // What the owner changed while the shop was stopped, or a publish it did not finish: published in the background.
    if (config.publish && (await patiently(sitePublishStatus(startDeps))).state !== "up_to_date")
      publisher.request("Modifications faites pendant l'arrêt de la boutique");
  } else if (!config.skipBuild) {
    await rm(sitesDir, { recursive: true, force: true });
    console.log("Construction du site…");
    const { covers } = await patiently(beginPublish(startDeps));
    await build(config.siteDir, false).catch((error: Error) => {
      throw new StartError(`${error.message} Voir les messages ci-dessus.`);
    });
    await patiently(recordPublishResult(startDeps, { covers, ok: true }));
    siteReady = true;
  }
  if (
    config.skipBuild &&
    config.publish &&
    (await patiently(sitePublishStatus(startDeps))).state !== "up_to_date"
  ) {
    await patiently(markSiteStale(startDeps, "Site non publié au démarrage"));
  }

  console.log(`\nLa boutique est prête : ${localOrigin(config)}`);
  if (!isLoopback(config.host)) {
    const others = networkAddresses(config.port);
    if (others.length) console.log(`Depuis un autre appareil du réseau local : ${others.join(" , ")}`);
    console.log("Ouverte au réseau local en HTTP : à n'utiliser que sur un réseau de confiance.");
  }
  console.log(`E-mails envoyés : fichiers .eml dans ${mailDir}`);
  if (seed.seeded) {
    console.log(`Catalogue initial créé (${seed.products} produits) et réglages par défaut enregistrés.`);
    console.log(`Compte administrateur : ${seed.adminEmail}`);
    if (seed.generatedPassword) console.log(`Mot de passe (affiché une seule fois) : ${seed.adminPassword}`);
    else console.log("Mot de passe : celui de ADMIN_PASSWORD");
  } else {
    console.log(
      "Base existante réutilisée (compte administrateur inchangé ; mot de passe perdu : npm run admin:password).",
    );
  }
  console.log("Ctrl-C pour tout arrêter.");
}

const supervisor = superviseProcess();
main(supervisor).catch(async (error: unknown) => {
  if (error instanceof StartError) console.error(error.message);
  else
    console.error(
      `Erreur inattendue au démarrage : ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  await supervisor.shutdown(1);
});
