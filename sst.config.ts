/// <reference path="./.sst/platform/config.d.ts" />

/**
 * The shop on AWS: `npx sst deploy --stage <stage>` (settings: infra/stage.ts; why this shape:
 * docs/decisions/001-infra.md). `app()` may not import anything; `run()` only imports the files of `infra/`,
 * one resource family each, in dependency order.
 */
export default $config({
  app(input) {
    const production = input?.stage === "production";
    return {
      name: "savon-shop",
      home: "aws",
      // Production keeps its table, mails and site when the stage is removed, and Pulumi refuses to delete them.
      removal: production ? "retain" : "remove",
      protect: production,
      // random: the edge key (infra/edge-key.ts).
      providers: { aws: { region: "eu-west-3" }, random: true },
    };
  },
  async run() {
    const { table } = await import("./infra/storage");
    const { mailFrom } = await import("./infra/email");
    await import("./infra/api");
    await import("./infra/account-mail");
    await import("./infra/jobs");
    const { router } = await import("./infra/web");
    await import("./infra/publish");
    // Last: it alarms on the functions, queues and build declared above.
    await import("./infra/alarms");
    return { url: router.url, table: table.name, mailFrom };
  },
});
