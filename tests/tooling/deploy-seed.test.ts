/**
 * The README's deploy section fills a new stage's table with one command run inside `npx sst shell`. Here that
 * command runs exactly as the README writes it (what follows `--`, with the variables written before `npx sst`),
 * in the environment `sst shell` gives a command (scripts/stage-resources.ts: SST_RESOURCE_* variables, AWS
 * credentials and region, no TABLE_NAME), against DynamoDB Local and a stand-in for the stage's publishing queue
 * that speaks SQS's JSON protocol. Only `sst shell` itself (AWS credentials, the stage's state) is not run here.
 */
import { spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { DeleteTableCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { productEntity } from "../../functions/catalog/product-entity";
import { ensureTable } from "../../functions/platform/db/bootstrap";
import { createDb } from "../../functions/platform/db/service";
import { sitePublishEntity } from "../../functions/publishing/entity";
import { STAGE_COMPONENTS } from "../../scripts/stage-resources";

const root = resolve(import.meta.dirname, "../..");

/** The README's seed command: the shell line of its deploy section that runs scripts/seed.ts through sst shell. */
function readmeSeedCommand(readme: string): { variables: Record<string, string>; command: string } {
  const deploy = readme.slice(readme.indexOf("## Deploying to AWS"));
  const line = deploy
    .split("\n")
    .map((text) => text.trim())
    .find((text) => /npx sst shell .*-- .*scripts\/seed\.ts/.test(text));
  if (!line)
    throw new Error("The README's deploy section has no `npx sst shell … -- … scripts/seed.ts` line");
  const [before, after] = line.split(/ -- (.*)/s) as [string, string];
  const variables = Object.fromEntries(
    before
      .slice(0, before.indexOf("npx sst shell"))
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((assignment) => assignment.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  expect(before).toMatch(/npx sst shell --stage production$/);
  return { variables, command: after.replace(/\s*#.*$/, "") };
}

interface SentMessage {
  queueUrl: string;
  body: unknown;
}

/** SQS's SendMessage over its JSON protocol (AWS JSON 1.0), as the SDK speaks it to the queue URL's host. */
async function sqsStandIn() {
  const sent: SentMessage[] = [];
  const server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const target = request.headers["x-amz-target"];
    if (target !== "AmazonSQS.SendMessage") {
      response.writeHead(400, { "content-type": "application/x-amz-json-1.0" });
      response.end(JSON.stringify({ __type: "com.amazonaws.sqs#InvalidAction", message: String(target) }));
      return;
    }
    const input = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
      QueueUrl: string;
      MessageBody: string;
    };
    sent.push({ queueUrl: input.QueueUrl, body: JSON.parse(input.MessageBody) });
    response.writeHead(200, { "content-type": "application/x-amz-json-1.0" });
    response.end(
      JSON.stringify({
        MessageId: randomUUID(),
        MD5OfMessageBody: createHash("md5").update(input.MessageBody).digest("hex"),
      }),
    );
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    sent,
    queueUrl: `http://127.0.0.1:${port}/123456789012/savon-shop-production-SitePublishQueue`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

function run(command: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn("sh", ["-c", command], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => done({ code, output }));
  });
}

const tableName = `savon-shop-production-TableTable-${randomUUID().slice(0, 8)}`;
const endpoint = inject("dynamoEndpoint");
const db = createDb({ tableName, endpoint });
let queue: Awaited<ReturnType<typeof sqsStandIn>>;

beforeAll(async () => {
  // `sst deploy` creates the table before anyone seeds it.
  await ensureTable(db.dynamo, tableName);
  queue = await sqsStandIn();
});
afterAll(async () => {
  await queue.close();
  await db.dynamo.send(new DeleteTableCommand({ TableName: tableName }));
  db.dynamo.destroy();
});

/** What `sst shell --stage production` puts in a command's environment (no TABLE_NAME: the README sets none). */
function stageShellEnvironment(): NodeJS.ProcessEnv {
  const { TABLE_NAME: _table, SITE_PUBLISH_QUEUE_URL: _queue, ...inherited } = process.env;
  return {
    ...inherited,
    SST_RESOURCE_App: JSON.stringify({ name: "savon-shop", stage: "production" }),
    [`SST_RESOURCE_${STAGE_COMPONENTS.table}`]: JSON.stringify({ name: tableName, type: "sst.aws.Dynamo" }),
    [`SST_RESOURCE_${STAGE_COMPONENTS.publishQueue}`]: JSON.stringify({
      url: queue.queueUrl,
      type: "sst.aws.Queue",
    }),
    AWS_REGION: "eu-west-3",
    AWS_ACCESS_KEY_ID: "AKIAEXAMPLE",
    AWS_SECRET_ACCESS_KEY: "example",
    // The one variable a stage does not have: the table lives in DynamoDB Local here.
    DYNAMODB_ENDPOINT: endpoint,
  };
}

describe("the README's seed command, as sst shell runs it", () => {
  it("fills the stage's table and asks for the site's first publish; a second run changes nothing", async () => {
    const { variables, command } = readmeSeedCommand(readFileSync(join(root, "README.md"), "utf8"));
    expect(variables.ADMIN_EMAIL).toMatch(/@/);
    const env = { ...stageShellEnvironment(), ...variables };

    const first = await run(command, env);
    expect(first.output).toMatch(/Catalogue \(\d+ produits\), réglages et compte .* créés\./);
    expect(first.output).toMatch(/Mot de passe \(affiché une seule fois\) : \S{12,}/);
    expect(first.output).toMatch(/Publication du site demandée/);
    expect(first.code).toBe(0);

    const products = await productEntity(db).scan.go({ pages: "all" });
    expect(products.data.length).toBeGreaterThan(0);
    expect(queue.sent).toHaveLength(1);
    expect(queue.sent[0]).toMatchObject({
      queueUrl: queue.queueUrl,
      body: { reason: "Boutique initialisée" },
    });
    const facts = await sitePublishEntity(db).get({ site: "storefront" }).go();
    expect(facts.data?.requested_at).toBeTruthy();

    // The site is still unpublished (no build answered here): the same command asks again, and seeds nothing.
    const second = await run(command, env);
    expect(second.output).toMatch(/La table n'est pas vide : rien n'a été modifié\./);
    expect(second.code).toBe(0);
    expect(queue.sent).toHaveLength(2);
    expect((await productEntity(db).scan.go({ pages: "all" })).data).toHaveLength(products.data.length);
  });

  it("says in French which table is missing when run outside sst shell, and writes nothing", async () => {
    const { variables, command } = readmeSeedCommand(readFileSync(join(root, "README.md"), "utf8"));
    const { TABLE_NAME: _table, ...inherited } = process.env;
    const outside = await run(command, { ...inherited, ...variables, DYNAMODB_ENDPOINT: endpoint });
    expect(outside.code).toBe(1);
    expect(outside.output).toMatch(/Quelle table remplir \? Lancez la commande dans « npx sst shell/);
  });
});
