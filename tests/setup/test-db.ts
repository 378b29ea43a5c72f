import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DeleteTableCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, inject } from "vitest";
import { inProcessAccountMail } from "../../functions/adapters/account-mail-queue";
import type { Clock } from "../../functions/adapters/clock";
import { localMailer } from "../../functions/adapters/mail";
import { folderStorage } from "../../functions/adapters/object-storage";
import { createFullApp } from "../../functions/api/full-app";
import { ensureTable } from "../../functions/db/bootstrap";
import { createDb } from "../../functions/db/service";
import { handleAccountMail } from "../../functions/services/account-mails";
import type { Deps } from "../../functions/services/deps";
import { setUpShopForSale } from "../support/shop-setup";

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
  const db = createDb({ tableName, endpoint: options.endpoint ?? inject("dynamoEndpoint") });
  await ensureTable(db.dynamo, tableName);
  const clock: Clock = options.now ?? (() => new Date());
  const mailDir = mkdtempSync(join(tmpdir(), "shop-mail-"));
  const mediaDir = mkdtempSync(join(tmpdir(), "shop-media-"));
  const mailDeps = {
    db,
    clock,
    mailer: localMailer(mailDir, "Boutique <no-reply@test.local>"),
    siteUrl: "http://shop.test",
  };
  // Reset mails are sent after the answer, as under `npm start`: `await deps.accountMail.flush()` before reading them.
  const deps: Deps = {
    ...mailDeps,
    media: folderStorage(mediaDir),
    accountMail: inProcessAccountMail((request) => handleAccountMail(mailDeps, request)),
  };
  const app = createFullApp(() => deps);
  if (!options.newShop) await setUpShopForSale(deps);
  afterAll(async () => {
    await deps.accountMail.flush();
    // A control call: DynamoDB Local may take longer than a data call's limits (functions/db/client.ts).
    await db.dynamo.send(new DeleteTableCommand({ TableName: tableName }), { requestTimeout: 30_000 });
    db.dynamo.destroy();
    rmSync(mediaDir, { recursive: true, force: true });
  });
  return { deps, db, app, tableName, mailDir, mediaDir };
}
