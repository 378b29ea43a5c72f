/**
 * The account mail queue (issue 14, defect 3; docs/decisions/011-abuse-limits.md): the accounts function sends
 * forgot-password requests to it, the orders function order confirmations (issue 18), and its subscriber sends the
 * mails. Checked on what `sst deploy` would declare,
 * with SST's globals stubbed (sst-stubs.ts).
 */
import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { apiAreas } from "../../functions/main/areas";
import { ACCOUNT_MAIL_QUEUE_URL } from "../../functions/main/deps-from-env";
import { devEnv, otherRights, productionEnv, queueNamed, single, subscriptionTo } from "./recorded";
import { type Deployment, deepKnown, deploy, known, restoreSstStubs, sstWorkDir } from "./sst-stubs";

const root = resolve(import.meta.dirname, "../..");

afterEach(restoreSstStubs);
afterAll(() => rmSync(sstWorkDir, { recursive: true, force: true }));

const queueOf = (deployment: Deployment) => queueNamed(deployment, "AccountMail");
const subscriptionOf = (deployment: Deployment) => subscriptionTo(deployment, "AccountMail");
const apiFunctionOf = (deployment: Deployment, area: string) =>
  single(
    deployment.recording.functions.filter(
      ({ args }) => known(args.handler) === `functions/main/lambda/${area}.handler`,
    ),
    `function of ${area}`,
  );
/** Every statement of a function's permissions that names `arn`. */
const rightsOn = (permissions: unknown, arn: string) =>
  ((permissions ?? []) as sst.aws.FunctionPermissionArgs[]).filter((statement) =>
    JSON.stringify(statement.resources).includes(arn),
  );

/**
 * The API functions that hand mails over: forgot password (accounts), the bank-transfer order's confirmation
 * (orders, issue 18), and since decision record 026 the stock alerts
 * and the waitlist (orders and PayPal orders that reach a low-stock threshold, waitlist sign-ups, the owner's
 * restocks and stock changes in the admin), and since issue 32 a guest's « Mes données » link (documents).
 */
const SENDERS = ["accounts", "orders", "payments", "admin", "documents"];

describe("the account mail queue", () => {
  it("lets the functions that hand mails over send to it, only send, and gives them the URL under the variable functions/main/deps-from-env.ts reads", async () => {
    const deployment = await deploy("dev", devEnv);
    const queue = queueOf(deployment);
    const sender = (mount: string) =>
      apiAreas.find((area) => (area.mounts as readonly string[]).includes(mount))?.name;
    expect(sender("/api/auth")).toBe("accounts");
    expect(sender("/api/orders")).toBe("orders");
    expect(sender("/api/guest/personal-data")).toBe("documents");
    for (const area of SENDERS) {
      const { args } = apiFunctionOf(deployment, area);
      expect(deepKnown(args.environment), area).toMatchObject({
        [ACCOUNT_MAIL_QUEUE_URL]: known(queue.instance.url),
      });
      expect(rightsOn(deepKnown(args.permissions), known(queue.instance.arn) ?? ""), area).toEqual([
        { actions: ["sqs:SendMessage"], resources: [known(queue.instance.arn)] },
      ]);
      // Not linked: linking a Queue grants sqs:* on it.
      expect(known(args.link) ?? [], area).not.toContain(queue.instance);
    }
  });

  it("gives no other function the queue: the other API areas, the scheduled jobs, the publishing jobs", async () => {
    const deployment = await deploy("dev", devEnv);
    const queue = queueOf(deployment);
    const others = [
      ...deployment.recording.functions
        .filter(
          ({ args }) =>
            !SENDERS.some((area) => known(args.handler) === `functions/main/lambda/${area}.handler`),
        )
        .map(({ args }) => args),
      ...deployment.recording.crons.map(({ args }) => args.function as sst.aws.FunctionArgs),
      ...deployment.recording.subscriptions
        .filter(({ queue: name }) => name !== "AccountMail")
        .map(({ subscriber }) => subscriber as sst.aws.FunctionArgs),
    ];
    expect(others.length).toBeGreaterThanOrEqual(apiAreas.length - SENDERS.length + 2 + 2);
    for (const args of others) {
      const handler = known(args.handler);
      expect(Object.keys(deepKnown(args.environment) ?? {}), handler).not.toContain(ACCOUNT_MAIL_QUEUE_URL);
      expect(rightsOn(deepKnown(args.permissions), known(queue.instance.arn) ?? ""), handler).toEqual([]);
      expect(known(args.link) ?? [], handler).not.toContain(queue.instance);
    }
  });
});

describe("the account mail job", () => {
  it("subscribes to the queue with partial batch responses and runs functions/main/jobs/account-mail.ts", async () => {
    const deployment = await deploy("dev", devEnv);
    const queue = queueOf(deployment);
    const { fn, args } = subscriptionOf(deployment);
    expect(fn.handler).toBe("functions/main/jobs/account-mail.handler");
    expect(existsSync(resolve(root, "functions/main/jobs/account-mail.ts"))).toBe(true);
    expect(deepKnown(args?.batch)).toMatchObject({ partialResponses: true });
    // No batching window: a reset link is awaited by someone.
    expect(deepKnown(args?.batch)).not.toHaveProperty("window");
    expect(fn.runtime).toBe("nodejs24.x");
    // A failed mail comes back after the visibility timeout, which Lambda wants at least as long as its timeout.
    const seconds = (duration: string) =>
      Number.parseInt(duration, 10) * (/minute/.test(duration) ? 60 : /hour/.test(duration) ? 3600 : 1);
    const visibility = seconds(String(known(queue.args?.visibilityTimeout) ?? "30 seconds"));
    expect(visibility).toBeGreaterThanOrEqual(seconds(String(fn.timeout ?? "3 seconds")));
  });

  it("writes the table and sends mail, publishes nothing and holds no other right", async () => {
    const deployment = await deploy("dev", devEnv);
    const { fn } = subscriptionOf(deployment);
    // The table's items and SES's sending, listed (least-privilege.test.ts), nothing linked, nothing else.
    expect(fn.link).toBeUndefined();
    expect(otherRights(fn.permissions)).toEqual([]);
    expect(JSON.stringify(fn.permissions)).toContain('"ses:SendEmail"');
    expect(fn.environment).toEqual({
      TABLE_NAME: "savon-shop-dev-TableTable",
      MAIL_FROM: "boutique@example.fr",
    });
  });

  it("links to the shop's origin in production, as the API does", async () => {
    const deployment = await deploy("production", productionEnv);
    const { fn } = subscriptionOf(deployment);
    const accounts = deepKnown(apiFunctionOf(deployment, "accounts").args.environment) as Record<
      string,
      string
    >;
    expect(fn.environment).toMatchObject({ SITE_URL: accounts.SITE_URL, MAIL_FROM: accounts.MAIL_FROM });
    expect(accounts.SITE_URL).toBe("https://savon.example.fr");
  });
});
