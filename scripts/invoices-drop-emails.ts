/**
 * `npm run invoices:drop-emails`: once, after issue 28. Invoices and credit notes issued before it stored the
 * customer's e-mail, which is no mention of CGI art. 242 nonies A (decision record 032); this rewrites each stored
 * document without it, nothing else changed. The shop already never shows it (every read drops it); this removes it
 * from the table too. Run again, it rewrites nothing.
 *
 * Locally, stop the shop first (Ctrl-C): the script opens the same data folder (DATA_DIR) with its own DynamoDB
 * Local. With DYNAMODB_ENDPOINT it uses that database; with --aws, the deployed table of the stage `sst shell` runs
 * it for (scripts/stage-resources.ts; or TABLE_NAME), as `npm run admin:password -- --aws` does:
 *   npx sst shell --stage production -- npm run invoices:drop-emails -- --aws
 */
import { join } from "node:path";
import { systemClock } from "../functions/adapters/clock";
import { ensureTable } from "../functions/db/bootstrap";
import { createDb } from "../functions/db/service";
import { dropEmailsFromStoredDocuments } from "../functions/services/invoice-emails";
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
  const { documents, rewritten } = await dropEmailsFromStoredDocuments({ db, clock: systemClock });
  console.log(
    `${documents} facture(s) et avoir(s) lus ; ${rewritten} réécrit(s) sans l'adresse e-mail du client.`,
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
