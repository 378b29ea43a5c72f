/**
 * The README's deploy section says numbers and names the infra decides: they are read back here from what `sst deploy`
 * would declare (SST's globals stubbed), so a change to the infra that makes them wrong fails a test.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { methodNotAllowedKeys } from "../../infra/edge";
import { inlineScriptHashes } from "../../src/scripts/inline/hashes";
import { productionEnv, resourcesOf } from "./recorded";
import { deepKnown, deploy, restoreSstStubs } from "./sst-stubs";

afterEach(restoreSstStubs);

const readme = readFileSync(resolve(import.meta.dirname, "../../README.md"), "utf8");

/** CloudWatch's standard alarms: 10 free a month, then $0.10 each (AWS, "Amazon CloudWatch pricing"). */
const FREE_ALARMS = 10;
const ALARM_PRICE = 0.1;
/** A custom metric (the API's unplanned 5xx, from the logs' metric filters): $0.30 a month. */
const METRIC_PRICE = 0.3;

describe("the README", () => {
  it("counts the alarms the infra declares, and prices those beyond the free ones", async () => {
    const deployment = await deploy("production", {
      ...productionEnv,
      SHOP_ALERT_EMAIL: "alertes@example.fr",
    });
    const declared = resourcesOf(deployment, "aws:cloudwatch/metricAlarm:MetricAlarm").length;
    expect(readme).toContain(`- **Alarms** (${declared}, \`infra/alarms.ts\`)`);
    const metrics = resourcesOf(deployment, "aws:cloudwatch/logMetricFilter:LogMetricFilter").map(
      (filter) => deepKnown(filter.args) as { metricTransformation?: { name?: string } },
    );
    const customMetrics = new Set(metrics.map((filter) => filter.metricTransformation?.name)).size;
    expect(customMetrics).toBe(1);
    const cost = `$${(Math.max(0, declared - FREE_ALARMS) * ALARM_PRICE + customMetrics * METRIC_PRICE).toFixed(2)}`;
    expect(readme).toContain(
      `| CloudWatch alarms and metrics | ${declared} alarms, ${FREE_ALARMS} free, $0.10 each beyond; one custom metric (the API's 5xx), $0.30 | ${cost} |`,
    );
  });

  it("names every key of the 405 answer in the Router's KeyValueStore", () => {
    const keys = methodNotAllowedKeys({ scriptHashes: inlineScriptHashes() }).map(([key]) => key);
    const passage = /Router's KeyValueStore in (\d+) parts \(([^)]*)\)/.exec(readme);
    expect(passage, "the 405 passage").not.toBeNull();
    expect(Number(passage?.[1])).toBe(keys.length - 1);
    expect([...(passage?.[2] ?? "").matchAll(/`(shop:405[^`]*)`/g)].map(([, key]) => key)).toEqual(keys);
  });

  it("asks the deployer for kms:RetireGrant, since the shop's grants are retired when a function goes", async () => {
    const deployment = await deploy("production", productionEnv);
    const grants = resourcesOf(deployment, "aws:kms/grant:Grant");
    expect(grants.length).toBeGreaterThan(0);
    for (const grant of grants) expect(deepKnown(grant.args)).toMatchObject({ retireOnDelete: true });
    expect(readme).toMatch(/KMS administration rights \([^)]*`kms:RetireGrant`/);
  });
});
