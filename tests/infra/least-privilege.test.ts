/**
 * Each function can do only its own job (docs/decisions/052-failures-and-rights-on-aws.md): no function is linked (SST's link grants `dynamodb:*`,
 * `ses:*`, `s3:*`, `sqs:*`), and the rights each one is listed are item-level. Checked on what `sst deploy` would
 * declare (sst-stubs.ts), for every function: the API areas, the jobs, the queues' subscribers, the recorders.
 */
import { rmSync } from "node:fs";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { devEnv, productionEnv, resourcesOf, single } from "./recorded";
import { type Deployment, deepKnown, deploy, known, restoreSstStubs, sstWorkDir } from "./sst-stubs";

afterEach(restoreSstStubs);
afterAll(() => rmSync(sstWorkDir, { recursive: true, force: true }));

interface DeclaredFunction {
  readonly name: string;
  readonly args: sst.aws.FunctionArgs;
}

/** Every function of the deployment with its arguments as declared: components and queue subscribers. */
function everyFunction(deployment: Deployment): DeclaredFunction[] {
  return [
    ...deployment.recording.functions.map(({ name, args }) => ({
      name,
      args: deepKnown(args) as sst.aws.FunctionArgs,
    })),
    ...deployment.recording.subscriptions.map(({ queue, subscriber }) => ({
      name: `${queue}Subscriber`,
      args: deepKnown(subscriber) as sst.aws.FunctionArgs,
    })),
  ];
}

const statementsOf = (fn: DeclaredFunction) =>
  (fn.args.permissions ?? []) as sst.aws.FunctionPermissionArgs[];
const actionsOf = (fn: DeclaredFunction, service: string) =>
  [
    ...new Set(statementsOf(fn).flatMap(({ actions }) => actions.filter((a) => a.startsWith(`${service}:`)))),
  ].sort();

/** The item-level actions a function may be given on the table; anything else is the table's administration. */
const ITEM_ACTIONS = [
  "dynamodb:GetItem",
  "dynamodb:BatchGetItem",
  "dynamodb:Query",
  "dynamodb:PutItem",
  "dynamodb:UpdateItem",
  "dynamodb:DeleteItem",
  "dynamodb:BatchWriteItem",
  "dynamodb:ConditionCheckItem",
];
const TABLE_ADMIN = [
  "dynamodb:DeleteTable",
  "dynamodb:UpdateTable",
  "dynamodb:UpdateContinuousBackups",
  "dynamodb:CreateTable",
  "dynamodb:UpdateTimeToLive",
  "dynamodb:CreateBackup",
  "dynamodb:DeleteBackup",
  "dynamodb:RestoreTableToPointInTime",
  "dynamodb:Scan",
];

const READ = ["dynamodb:BatchGetItem", "dynamodb:GetItem", "dynamodb:Query"];
const WRITE = [...ITEM_ACTIONS].sort();

/** What each function may do with the table's items (from the code of functions/: api.ts says why per area). */
const TABLE_ACTIONS: Record<string, string[]> = {
  // Reads, and the abuse limits' counters (a CSP report counts).
  ApiCatalog: [...READ, "dynamodb:UpdateItem"].sort(),
  // Reads, and the owner's session extended (its sliding expiry).
  ApiAccounting: [...READ, "dynamodb:UpdateItem"].sort(),
  ApiDocs: [],
  ApiAccounts: WRITE,
  ApiOrders: WRITE,
  ApiPayments: WRITE,
  ApiAdmin: WRITE,
  ApiDocuments: WRITE,
  ApiLots: WRITE,
  ApiPhotos: WRITE,
  ApiShipping: WRITE,
  ReleaseHoldsJob: WRITE,
  ReconcilePaypalJob: WRITE,
  DailySummaryJob: WRITE,
  TransferFollowUpJob: WRITE,
  TrackParcelsJob: WRITE,
  ReviewInvitationsJob: WRITE,
  PriceChangesJob: WRITE,
  AccountMailSubscriber: WRITE,
  SitePublishSubscriber: WRITE,
  SitePublishResult: WRITE,
  ShopAlarmRecorder: WRITE,
  MailFeedbackRecorder: WRITE,
};

/** The functions that send mail: directly, or the stock alerts they handle in the function (deps-from-env.ts). */
const MAIL_SENDERS = [
  "ApiAccounts",
  "ApiOrders",
  "ApiPayments",
  "ApiAdmin",
  "ApiDocuments",
  "ApiLots",
  "ApiShipping",
  "ReleaseHoldsJob",
  "ReconcilePaypalJob",
  "DailySummaryJob",
  "TransferFollowUpJob",
  "TrackParcelsJob",
  "ReviewInvitationsJob",
  "AccountMailSubscriber",
].sort();

describe("every function's rights", () => {
  it("come from no link: SST's link grants every action of the linked component", async () => {
    for (const [stage, env] of [
      ["dev", devEnv],
      ["production", productionEnv],
    ] as const) {
      for (const fn of everyFunction(await deploy(stage, env))) {
        expect(fn.args.link ?? [], `${stage} ${fn.name}`).toEqual([]);
      }
      restoreSstStubs();
    }
  });

  it("name no wildcard action (`*`, `dynamodb:*`, `s3:*`, `ses:*`, …) and no resource `*`", async () => {
    const deployment = await deploy("production", productionEnv);
    const functions = everyFunction(deployment);
    expect(functions.length).toBeGreaterThanOrEqual(Object.keys(TABLE_ACTIONS).length);
    for (const fn of functions) {
      for (const { actions, resources } of statementsOf(fn)) {
        for (const action of actions) expect(action, fn.name).not.toContain("*");
        for (const resource of resources as string[]) expect(resource, fn.name).not.toBe("*");
      }
    }
    // Nor the publish build's role (infra/publish.ts).
    for (const policy of resourcesOf(deployment, "aws:iam/rolePolicy:RolePolicy")) {
      const { Statement } = deepKnown(policy.args.policy) as { Statement: { Action: string | string[] }[] };
      for (const { Action } of Statement)
        for (const action of [Action].flat()) expect(action, policy.name).not.toContain("*");
    }
  });

  it("on the table: item-level actions only, reads and updates only where nothing is created or deleted, none for the documentation", async () => {
    const deployment = await deploy("production", productionEnv);
    const table = single(deployment.recording.tables, "table");
    const tableArn = String(known(table.instance.arn));
    const functions = everyFunction(deployment);
    const listed = Object.fromEntries(functions.map((fn) => [fn.name, actionsOf(fn, "dynamodb")]));
    expect(listed).toEqual(TABLE_ACTIONS);
    for (const fn of functions) {
      const actions = actionsOf(fn, "dynamodb");
      for (const action of actions) expect(ITEM_ACTIONS, `${fn.name} ${action}`).toContain(action);
      for (const admin of TABLE_ADMIN) expect(actions, fn.name).not.toContain(admin);
      for (const { actions: statement, resources } of statementsOf(fn)) {
        if (!statement.some((action) => action.startsWith("dynamodb:"))) continue;
        // The table and its indexes, nothing else; the indexes only for Query.
        for (const resource of resources as string[]) {
          expect([tableArn, `${tableArn}/index/gsi1`, `${tableArn}/index/gsi2`], fn.name).toContain(resource);
          if (resource !== tableArn) expect(statement, fn.name).toEqual(["dynamodb:Query"]);
        }
      }
      // Who reads queries the indexes too (the orders by customer, the sessions by user…).
      if (actions.includes("dynamodb:Query")) {
        const onIndexes = statementsOf(fn)
          .filter(({ actions: statement }) => statement.some((action) => action.startsWith("dynamodb:")))
          .filter(({ resources }) => (resources as string[]).some((resource) => resource !== tableArn))
          .flatMap(({ resources }) => resources as string[]);
        expect(onIndexes.sort(), fn.name).toEqual([`${tableArn}/index/gsi1`, `${tableArn}/index/gsi2`]);
      }
    }
  });

  it("on SES: ses:SendEmail only, on the shop's identity and its configuration set, for the functions that mail", async () => {
    const deployment = await deploy("production", productionEnv);
    const email = single(deployment.recording.emails, "e-mail identity");
    const identity = known(email.instance.nodes.identity.arn);
    const configurationSet = known(email.instance.nodes.configurationSet.arn);
    const functions = everyFunction(deployment);
    const senders = functions.filter((fn) => actionsOf(fn, "ses").length > 0).map(({ name }) => name);
    expect(senders.sort()).toEqual(MAIL_SENDERS);
    for (const fn of functions) {
      for (const { actions, resources } of statementsOf(fn).filter(({ actions }) =>
        actions.some((action) => action.startsWith("ses:")),
      )) {
        expect(actions, fn.name).toEqual(["ses:SendEmail"]);
        expect(resources, fn.name).toEqual([identity, configurationSet]);
      }
    }
  });

  it("on S3: object actions under the prefixes each function uses; listing only where S3's NoSuchKey is needed", async () => {
    const deployment = await deploy("production", productionEnv);
    const bucketArn = (name: string) =>
      String(
        known(
          single(
            deployment.recording.buckets.filter((bucket) => bucket.name === name),
            `${name} bucket`,
          ).instance.arn,
        ),
      );
    const media = bucketArn("Media");
    const documents = bucketArn("Documents");
    const s3 = Object.fromEntries(
      everyFunction(deployment)
        .map(
          (fn) =>
            [
              fn.name,
              statementsOf(fn).filter(({ actions }) => actions.some((action) => action.startsWith("s3:"))),
            ] as const,
        )
        .filter(([, statements]) => statements.length > 0),
    );
    expect(s3).toEqual({
      ApiPhotos: [{ actions: ["s3:PutObject", "s3:DeleteObject"], resources: [`${media}/media/products/*`] }],
      ApiShipping: [
        { actions: ["s3:GetObject", "s3:PutObject"], resources: [`${documents}/labels/*`] },
        { actions: ["s3:ListBucket"], resources: [documents] },
        { actions: ["s3:DeleteObject"], resources: [`${documents}/labels/*/bought.json`] },
      ],
      ApiAccounts: [{ actions: ["s3:DeleteObject"], resources: [`${documents}/labels/*`] }],
      ApiDocuments: [{ actions: ["s3:DeleteObject"], resources: [`${documents}/labels/*`] }],
    });
  });
});
