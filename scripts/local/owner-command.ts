/**
 * What the owner's one-off commands share (`npm run admin:password`, `npm run invoices:drop-emails`): the shop's
 * table, then one piece of work on it, then a clean stop with a French line on failure and exit code 1.
 *
 * Locally the shop must be stopped first (Ctrl-C): the command opens the same data folder (DATA_DIR) with its own
 * DynamoDB Local, which the running shop holds. With DYNAMODB_ENDPOINT it uses that database; with --aws, the deployed
 * table of the stage `sst shell` runs it for (scripts/stage-resources.ts; or TABLE_NAME) with the AWS credentials it
 * gives.
 */
import { join } from "node:path";
import { ensureTable } from "../../functions/platform/db/bootstrap";
import { createDb, type Db } from "../../functions/platform/db/service";
import { DomainError } from "../../src/domain/errors";
import { withStageResources } from "../stage-resources";
import { type LocalConfig, localConfigFromEnv } from "./config";
import { lockDataDir } from "./data-lock";
import { startDynamoLocal } from "./dynamodb-local";
import { StartError } from "./start-error";
import { superviseProcess } from "./supervisor";

export function runOwnerCommand(work: (db: Db, config: LocalConfig) => Promise<void>): void {
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
    await work(db, config);
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
}
