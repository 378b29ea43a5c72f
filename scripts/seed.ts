/**
 * Seeds an empty table outside `npm start`, e.g. the deployed one:
 *   ADMIN_EMAIL=owner@example.fr npx sst shell --stage production -- npx tsx scripts/seed.ts
 * Reads TABLE_NAME (and DYNAMODB_ENDPOINT for a local table), and SEED_SETTINGS (a JSON file of the owner's settings:
 * company, bank details…) when given. Prints the admin password when it generated one.
 */
import { systemClock } from "../functions/adapters/clock";
import { dbConfigFromEnv } from "../functions/db/client";
import { createDb } from "../functions/db/service";
import { seedIfEmpty, seedOptionsProblem } from "../functions/services/seed";
import { DomainError } from "../src/domain/errors";
import { seedSettingsFromFile } from "./local/config";
import { StartError } from "./local/start-error";

const adminEmail = process.env.ADMIN_EMAIL;
if (!adminEmail) {
  console.error("ADMIN_EMAIL est obligatoire : l'adresse du compte administrateur à créer.");
  process.exit(1);
}
const problem = seedOptionsProblem({ adminEmail, adminPassword: process.env.ADMIN_PASSWORD });
if (problem) {
  console.error(problem);
  process.exit(1);
}
let settings: ReturnType<typeof seedSettingsFromFile>;
try {
  settings = seedSettingsFromFile(process.env.SEED_SETTINGS?.trim(), process.cwd());
} catch (error) {
  console.error(error instanceof StartError ? error.message : error);
  process.exit(1);
}
const db = createDb(dbConfigFromEnv());
// No secret box here: a PayPal secret in SEED_SETTINGS is refused in French before anything is written (on AWS only
// the admin function may seal it: docs/decisions/031); the owner types it in Paramètres.
const result = await seedIfEmpty(
  { db, clock: systemClock },
  { adminEmail, adminPassword: process.env.ADMIN_PASSWORD, settings },
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
