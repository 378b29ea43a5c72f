import { afterEach, describe, expect, it } from "vitest";
import { createTestContext } from "../../../tests/setup/test-db";
import { createSoap } from "../../../tests/support/products";
import { userEntity } from "../../accounts/user-entity";
import { productEntity } from "../../catalog/product-entity";
import { settingEntity } from "../../settings/entity";
import { readRound } from "./read-round";

const ctx = await createTestContext({ newShop: true });

function countCalls() {
  const names: string[] = [];
  ctx.db.dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      names.push(context.commandName ?? "?");
      return next(args);
    },
    { step: "initialize", name: "countCalls" },
  );
  return names;
}

afterEach(() => {
  ctx.db.dynamo.middlewareStack.remove("countCalls");
});

describe("readRound: items of several entities in one BatchGetItem", () => {
  it("answers each read with its entity's item as get().go() gives it, null when absent, in one request", async () => {
    const soap = await createSoap(ctx.deps);
    await settingEntity(ctx.db)
      .put({ key: "shipping", value: { x: 1 }, updated_at: "2026-11-25T08:00:00.000Z" })
      .go();
    const calls = countCalls();

    const round = readRound(ctx.db);
    const product = round.get(productEntity(ctx.db), { id: soap.id });
    const again = round.get(productEntity(ctx.db), { id: soap.id });
    const setting = round.get(settingEntity(ctx.db), { key: "shipping" });
    const missing = round.get(userEntity(ctx.db), { id: "personne" });
    await round.run();

    expect(calls).toEqual(["BatchGetItemCommand"]);
    expect(product.value).toEqual((await productEntity(ctx.db).get({ id: soap.id }).go()).data);
    expect(again.value).toEqual(product.value);
    expect(setting.value).toMatchObject({ key: "shipping", value: { x: 1 } });
    expect(missing.value).toBeNull();
  });

  it("past 100 keys, as many requests at once as it takes", async () => {
    const soap = await createSoap(ctx.deps);
    const calls = countCalls();
    const round = readRound(ctx.db);
    const reads = Array.from({ length: 150 }, (_, index) =>
      round.get(productEntity(ctx.db), { id: index === 120 ? soap.id : 1_000_000 + index }),
    );
    await round.run();
    expect(calls).toEqual(["BatchGetItemCommand", "BatchGetItemCommand"]);
    expect(reads.filter((read) => read.value).map((read) => read.value?.id)).toEqual([soap.id]);
  });

  it("an empty round asks nothing", async () => {
    const calls = countCalls();
    await readRound(ctx.db).run();
    expect(calls).toEqual([]);
  });
});
