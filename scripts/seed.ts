/**
 * Seeds an empty table outside `npm start`, e.g. the deployed one, then asks for the site's first publish:
 *   ADMIN_EMAIL=owner@example.fr npx sst shell --stage production -- npx tsx scripts/seed.ts
 * Reads the stage's table and publish queue from `sst shell` (scripts/stage-resources.ts), or TABLE_NAME (and
 * DYNAMODB_ENDPOINT for a local table) and SITE_PUBLISH_QUEUE_URL; SEED_SETTINGS (a JSON file of the owner's
 * settings: company, bank details…) when given. Prints the admin password when it generated one.
 *
 * Why the publish: the first deploy builds the site from the table it has just created, which is empty, and nothing
 * else would rebuild it before the owner's first edit (decision record 012). The seed marks the pages stale and asks
 * the publishing queue for a build, as an owner's edit does, so the catalogue is online a few minutes later.
 */

import { SITE_PUBLISH_QUEUE_URL } from "../functions/main/deps-from-env";
import { seedIfEmpty, seedOptionsProblem } from "../functions/main/seed";
import { systemClock } from "../functions/platform/adapters/clock";
import { sqsSitePublisher } from "../functions/platform/adapters/sqs-site-publisher";
import { dbConfigFromEnv } from "../functions/platform/db/client";
import { createDb } from "../functions/platform/db/service";
import { markSiteStale, sitePublishStatus } from "../functions/publishing/publishing";
import { DomainError } from "../src/domain/errors";
import { seedSettingsFromFile } from "./local/config";
import { StartError } from "./local/start-error";
import { withStageResources } from "./stage-resources";

const env = withStageResources(process.env);
const adminEmail = env.ADMIN_EMAIL;
if (!adminEmail) {
  console.error("ADMIN_EMAIL est obligatoire : l'adresse du compte administrateur à créer.");
  process.exit(1);
}
if (!env.TABLE_NAME) {
  console.error(
    "Quelle table remplir ? Lancez la commande dans « npx sst shell --stage <stage> -- … » (la table du stage), " +
      "ou indiquez-la dans TABLE_NAME.",
  );
  process.exit(1);
}
const problem = seedOptionsProblem({ adminEmail, adminPassword: env.ADMIN_PASSWORD });
if (problem) {
  console.error(problem);
  process.exit(1);
}
let settings: ReturnType<typeof seedSettingsFromFile>;
try {
  settings = seedSettingsFromFile(env.SEED_SETTINGS?.trim(), process.cwd());
} catch (error) {
  console.error(error instanceof StartError ? error.message : error);
  process.exit(1);
}
const db = createDb(dbConfigFromEnv(env));
// No secret box here: a PayPal secret in SEED_SETTINGS is refused in French before anything is written (on AWS only
// the admin function may seal it: docs/decisions/031); the owner types it in Paramètres.
const result = await seedIfEmpty(
  { db, clock: systemClock },
  { adminEmail, adminPassword: env.ADMIN_PASSWORD, settings },
).catch((error: unknown) => {
  if (!(error instanceof DomainError)) throw error;
  console.error(error.message);
  process.exit(1);
});
if (!result.seeded) {
  console.log("La table n'est pas vide : rien n'a été modifié.");
} else {
  console.log(`Catalogue (${result.products} produits), réglages et compte ${result.adminEmail} créés.`);
  if (result.generatedPassword)
    console.log(`Mot de passe (affiché une seule fois) : ${result.adminPassword}`);
}
// Also when the table was already filled but the site never published: running the same command again asks again.
const queueUrl = env[SITE_PUBLISH_QUEUE_URL];
if (queueUrl && (await sitePublishStatus({ db, clock: systemClock })).published_at === null) {
  let failure: unknown;
  const publisher = sqsSitePublisher(queueUrl, { log: { error: (_message, error) => (failure = error) } });
  await markSiteStale({ db, clock: systemClock, publisher }, "Boutique initialisée");
  await publisher.flush?.();
  console.log(
    failure
      ? `La publication du site n'a pas pu être demandée (${failure instanceof Error ? failure.message : String(failure)}) : ` +
          "relancez cette commande."
      : "Publication du site demandée : le catalogue sera en ligne dans quelques minutes " +
          "(l'état s'affiche dans le tableau de bord de /admin).",
  );
}
