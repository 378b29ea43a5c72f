/**
 * Reserved concurrency (docs/decisions/052-failures-and-rights-on-aws.md): each API function, the only ones with a public
 * URL, gets its share of the account's pool and its cap when the account's quota leaves Lambda's 100 unreserved
 * executions; on a new account (a quota of 10, or the setting not given) none, and the deploy says what to ask for.
 */
import { rmSync } from "node:fs";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { apiAreas } from "../../functions/main/areas";
import { devEnv, productionEnv } from "./recorded";
import { type Deployment, deepKnown, deploy, restoreSstStubs, sstWorkDir } from "./sst-stubs";

afterEach(() => {
  restoreSstStubs();
  vi.restoreAllMocks();
});
afterAll(() => rmSync(sstWorkDir, { recursive: true, force: true }));

/** The numbers of the decision record: API function -> reserved executions. */
const RESERVED = {
  ApiCatalog: 5,
  ApiAccounts: 3,
  ApiOrders: 3,
  ApiPayments: 3,
  ApiShipping: 3,
  ApiAdmin: 2,
  ApiDocuments: 2,
  ApiPhotos: 2,
  ApiAccounting: 1,
  ApiLots: 1,
  ApiDocs: 1,
};

const reservations = (deployment: Deployment) =>
  Object.fromEntries(
    deployment.recording.functions
      .map(({ name, args }) => [
        name,
        (deepKnown(args.concurrency) as { reserved?: number } | undefined)?.reserved,
      ])
      .filter(([, reserved]) => reserved !== undefined),
  );

const warnings = () => vi.spyOn(console, "warn").mockImplementation(() => {});

describe("reserved concurrency", () => {
  it("is given to each API function when the account's quota leaves 100 unreserved, and to nothing else", async () => {
    const warn = warnings();
    const deployment = await deploy("production", {
      ...productionEnv,
      SHOP_LAMBDA_CONCURRENCY_QUOTA: "1000",
    });
    expect(reservations(deployment)).toEqual(RESERVED);
    expect(Object.keys(RESERVED)).toHaveLength(apiAreas.length);
    // 26 in all: a quota of 126 is the least that takes them.
    const total = Object.values(RESERVED).reduce((sum, n) => sum + n, 0);
    expect(total).toBe(26);
    expect(warn.mock.calls.flat().join(" ")).not.toMatch(/reserved concurrency/);
    restoreSstStubs();
    expect(
      reservations(await deploy("production", { ...productionEnv, SHOP_LAMBDA_CONCURRENCY_QUOTA: "126" })),
    ).toEqual(RESERVED);
  });

  it("is given to none on a new account's quota, which Lambda would refuse, and the deploy says what to ask for", async () => {
    const warn = warnings();
    const deployment = await deploy("production", { ...productionEnv, SHOP_LAMBDA_CONCURRENCY_QUOTA: "10" });
    expect(reservations(deployment)).toEqual({});
    expect(warn.mock.calls.flat().join(" ")).toMatch(/quota of 10 .* at least 126/);
    restoreSstStubs();
    expect(
      reservations(await deploy("production", { ...productionEnv, SHOP_LAMBDA_CONCURRENCY_QUOTA: "125" })),
    ).toEqual({});
  });

  it("is given to none when the quota is not said: production warns, other stages say nothing", async () => {
    const warn = warnings();
    expect(reservations(await deploy("production", productionEnv))).toEqual({});
    expect(warn.mock.calls.flat().join(" ")).toMatch(
      /SHOP_LAMBDA_CONCURRENCY_QUOTA is not set.*at least 126/,
    );
    restoreSstStubs();
    warn.mockClear();
    expect(reservations(await deploy("dev", devEnv))).toEqual({});
    expect(warn.mock.calls.flat().join(" ")).not.toMatch(/reserved concurrency/);
  });

  it("refuses a quota that is not a number", async () => {
    await expect(deploy("dev", { ...devEnv, SHOP_LAMBDA_CONCURRENCY_QUOTA: "mille" })).rejects.toThrow(
      /SHOP_LAMBDA_CONCURRENCY_QUOTA/,
    );
  });
});
