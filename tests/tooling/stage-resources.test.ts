import { describe, expect, it } from "vitest";
import { shellStage, withStageResources } from "../../scripts/stage-resources";

const shell = {
  SST_RESOURCE_App: '{"name":"savon-shop","stage":"production"}',
  SST_RESOURCE_Table: '{"name":"savon-shop-production-TableTable-abc","type":"sst.aws.Dynamo"}',
  SST_RESOURCE_SitePublish: '{"url":"https://sqs.eu-west-3.amazonaws.com/1/q","type":"sst.aws.Queue"}',
};

describe("withStageResources", () => {
  it("fills TABLE_NAME and the publishing queue's URL from sst shell's variables", () => {
    expect(withStageResources(shell)).toMatchObject({
      TABLE_NAME: "savon-shop-production-TableTable-abc",
      SITE_PUBLISH_QUEUE_URL: "https://sqs.eu-west-3.amazonaws.com/1/q",
    });
    expect(shellStage(shell)).toBe("production");
  });

  it("keeps a value set by hand, and ignores what is not sst shell's JSON", () => {
    expect(withStageResources({ ...shell, TABLE_NAME: "other" }).TABLE_NAME).toBe("other");
    expect(withStageResources({ SST_RESOURCE_Table: "not json" }).TABLE_NAME).toBeUndefined();
    expect(withStageResources({ SST_RESOURCE_Table: '{"name":""}' }).TABLE_NAME).toBeUndefined();
    expect(withStageResources({}).TABLE_NAME).toBeUndefined();
    expect(shellStage({})).toBeUndefined();
  });
});
