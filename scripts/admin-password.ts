/**
 * `npm run admin:password`: the owner's way back in when the password printed at the first start is lost.
 * Sets a new password (ADMIN_PASSWORD, or a generated one printed once) on the admin account ADMIN_EMAIL
 * (admin@savon-alep.local by default) and ends its sessions; creates the account when that e-mail has none.
 *
 * Locally, stop the shop first (Ctrl-C): the script opens the same data folder (DATA_DIR) with its own DynamoDB
 * Local, which the running shop holds. With DYNAMODB_ENDPOINT it uses that database; with --aws, the deployed table
 * of the stage `sst shell` runs it for (scripts/stage-resources.ts; or TABLE_NAME) with the AWS credentials it gives:
 *   ADMIN_EMAIL=owner@example.fr npx sst shell --stage production -- npm run admin:password -- --aws
 */
import { join } from "node:path";
import { systemClock } from "../functions/adapters/clock";
import { ensureTable } from "../functions/db/bootstrap";
import { createDb } from "../functions/db/service";
import { recoverAdminAccess } from "../functions/services/seed";
import { DomainError } from "../src/domain/errors";
import { localConfigFromEnv } from "./local/config";
import { lockDataDir } from "./local/data-lock";
import { startDynamoLocal } from "./local/dynamodb-local";
import { StartError } from "./local/start-error";
import { superviseProcess } from "./local/supervisor";
import { withStageResources } from "./stage-resources";

const supervisor = superviseProcess();

async function main(): Promise<void> {
  const env = withStageResources(process.env);
  const config = localConfigFromEnv(env);
  const deployed = process.argv.includes("--aws");
  if (deployed && !env.TABLE_NAME)
    throw new StartError(
      "--aws : lancez la commande dans « npx sst shell --stage <stage> -- … », ou indiquez la table dans TABLE_NAME.",
    );
  let endpoint = config.dynamoEndpoint;
  if (!endpoint && !deployed) {
    supervisor.onStop(lockDataDir(config.dataDir));
    const dynamo = await startDynamoLocal({
      port: config.dynamoPort,
      dataDir: join(config.dataDir, "dynamodb"),
    });
    supervisor.onStop(dynamo.stop);
    endpoint = dynamo.endpoint;
  }
  const db = createDb({ tableName: config.tableName, endpoint, region: env.AWS_REGION });
  if (endpoint && (await ensureTable(db.dynamo, config.tableName)) === "created") {
    throw new StartError(`Aucune boutique dans ${config.dataDir} : lancez d'abord npm start.`);
  }
  const access = await recoverAdminAccess(
    { db, clock: systemClock },
    { adminEmail: config.adminEmail, adminPassword: config.adminPassword },
  );
  console.log(
    access.created
      ? `Compte administrateur ${access.adminEmail} créé.`
      : `Nouveau mot de passe pour ${access.adminEmail} ; ses sessions ouvertes sont fermées.`,
  );
  console.log(
    access.generatedPassword
      ? `Mot de passe (affiché une seule fois) : ${access.adminPassword}`
      : "Mot de passe : celui de ADMIN_PASSWORD",
  );
}

main()
  .then(() => supervisor.shutdown(0))
  .catch(async (error: unknown) => {
    if (error instanceof StartError || error instanceof DomainError) console.error(error.message);
    else
      console.error(
        `Erreur inattendue : ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    await supervisor.shutdown(1);
  });
