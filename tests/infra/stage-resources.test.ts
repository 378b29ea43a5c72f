/**
 * The deploy scripts find the stage's table and publishing queue in `sst shell`'s variables by their component names
 * (scripts/stage-resources.ts): renaming either component in infra/ would leave the README's seed command without a
 * table, so the names are checked against what the deploy declares.
 */
import { afterEach, describe, expect, it } from "vitest";
import { STAGE_COMPONENTS } from "../../scripts/stage-resources";
import { deploy, restoreSstStubs } from "./sst-stubs";

afterEach(restoreSstStubs);

describe("the components the deploy scripts read through sst shell", () => {
  it("are the table and the publishing queue the deploy declares", async () => {
    const { recording } = await deploy("production", {
      SHOP_DOMAIN: "savon-alep.fr",
      SHOP_EMAIL_SENDER: "boutique@savon-alep.fr",
      SHOP_ALERT_EMAIL: "owner@savon-alep.fr",
    });
    expect(recording.tables.map(({ name }) => name)).toContain(STAGE_COMPONENTS.table);
    expect(recording.queues.map(({ name }) => name)).toContain(STAGE_COMPONENTS.publishQueue);
  });
});
