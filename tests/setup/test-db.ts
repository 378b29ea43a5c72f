import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DeleteTableCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, expect, inject } from "vitest";
import { isSuppressed } from "../../functions/mail/suppressions";
import { handleAccountMail } from "../../functions/main/account-mail";
import { createFullApp } from "../../functions/main/full-app";
import { inProcessAccountMail } from "../../functions/platform/adapters/account-mail-queue";
import type { Clock } from "../../functions/platform/adapters/clock";
import { localSecretBox } from "../../functions/platform/adapters/local-secret-box";
import { localMailer, suppressingMailer } from "../../functions/platform/adapters/mail";
import { folderStorage } from "../../functions/platform/adapters/object-storage";
import { ensureTable } from "../../functions/platform/db/bootstrap";
import type { DynamoLimits } from "../../functions/platform/db/client";
import { createDb } from "../../functions/platform/db/service";
import type { Deps } from "../../functions/platform/deps";
import { setUpShopForSale } from "../support/shop-setup";
import { contractStatuses } from "./contract-statuses";

/** Limits for the shared test database, loaded by the whole run: generous, the SDK's tries as in the shop. */
const SHARED_TEST_DB_LIMITS: DynamoLimits = {
  connectionTimeoutMs: 5_000,
  requestTimeoutMs: 15_000,
  socketTimeoutMs: 15_000,
  maxAttempts: 3,
  callDeadlineMs: 15_000,
};

/**
 * A fresh table in the shared DynamoDB Local for the calling test file, removed after its tests,
 * plus the whole API over it and a mail folder of its own. `now` lets a test move the clock. The shop is set up to
 * sell (identity, mediator, bank details: tests/support/shop-setup.ts) unless `newShop` asks for one as a first
 * start leaves it. `endpoint` puts the table in another DynamoDB Local than the shared one (one a test freezes).
 */
export async function createTestContext(
  options: { now?: () => Date; newShop?: boolean; endpoint?: string } = {},
) {
  const tableName = `test-${randomUUID()}`;
  // The shared DynamoDB Local serves every test file of the run at once: its queue is not a frozen database, and
  // these tests are not about the limits (functions/platform/db/service.test.ts and database-outage.test.ts are: they use
  // the shop's). A table in a database of the test's own gets npm start's limits.
  const db = createDb(
    options.endpoint
      ? { tableName, endpoint: options.endpoint }
      : { tableName, endpoint: inject("dynamoEndpoint"), limits: SHARED_TEST_DB_LIMITS },
  );
  await ensureTable(db.dynamo, tableName);
  const clock: Clock = options.now ?? (() => new Date());
  const mailDir = mkdtempSync(join(tmpdir(), "shop-mail-"));
  const mediaDir = mkdtempSync(join(tmpdir(), "shop-media-"));
  // The private documents (label PDFs) as under npm start, a folder of the test file's own.
  const documentsDir = mkdtempSync(join(tmpdir(), "shop-documents-"));
  const secretDir = mkdtempSync(join(tmpdir(), "shop-secret-"));
  const mailDeps = {
    db,
    clock,
    // The PayPal secret sealed as under npm start, with a key of the test file's own (docs/decisions/031).
    secrets: localSecretBox(join(secretDir, "secret.key")),
    // As every function and npm start send: never to an address SES refused (issue 27).
    mailer: suppressingMailer(localMailer(mailDir, "Boutique <no-reply@test.local>"), (to) =>
      isSuppressed({ db }, to),
    ),
    siteUrl: "http://shop.test",
  };
  // Reset mails are sent after the answer, as under `npm start`: `await deps.accountMail.flush()` before reading them.
  const deps: Deps = {
    ...mailDeps,
    media: folderStorage(mediaDir),
    documents: folderStorage(documentsDir),
    accountMail: inProcessAccountMail((request) => handleAccountMail(mailDeps, request)),
  };
  // Every answer must be one its route's contract documents (issue 29): checked after the file's tests.
  const contract = contractStatuses();
  const app = createFullApp(() => deps, contract.answered);
  if (!options.newShop) await setUpShopForSale(deps);
  afterAll(async () => {
    await deps.accountMail.flush();
    // A control call: DynamoDB Local may take longer than a data call's limits (functions/platform/db/client.ts).
    await db.dynamo.send(new DeleteTableCommand({ TableName: tableName }), { requestTimeout: 30_000 });
    db.dynamo.destroy();
    rmSync(mediaDir, { recursive: true, force: true });
    rmSync(documentsDir, { recursive: true, force: true });
    rmSync(secretDir, { recursive: true, force: true });
    expect([...contract.undocumented], "answers the routes' contracts do not document").toEqual([]);
  });
  return { deps, db, app, tableName, mailDir, mediaDir, documentsDir };
}
