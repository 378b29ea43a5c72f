/**
 * The two jobs of the AWS publishing pipeline (infra/publish.ts) on DynamoDB Local, with a fake CodeBuild client:
 * the queue's subscriber records the start and starts one build, or leaves the requests for later while one runs;
 * the result job records how the build ended, so the dashboard says 'Site à jour' or 'Échec de la publication : …'.
 */
import {
  BatchGetBuildsCommand,
  type BatchGetBuildsCommandOutput,
  type Build,
  ListBuildsForProjectCommand,
  type ListBuildsForProjectCommandOutput,
  StartBuildCommand,
  type StartBuildCommandOutput,
} from "@aws-sdk/client-codebuild";
import type { CodeBuildStateEventDetail } from "aws-lambda";
import { beforeEach, describe, expect, it } from "vitest";
import { sitePublishEntity } from "../../functions/publishing/entity";
import {
  type BuildStateChange,
  failureReason,
  publishOutcome,
  recordBuildEnd,
} from "../../functions/publishing/jobs/publish-result";
import {
  type CodeBuildCommand,
  publishSite,
  SITE_PUBLISH_COVERS,
  type SiteBuildProject,
} from "../../functions/publishing/jobs/publish-site";
import { markSiteStale, sitePublishStatus } from "../../functions/publishing/publishing";
import { createTestContext } from "../setup/test-db";

let now = new Date("2026-11-23T10:00:00.000Z");
const tick = (seconds = 1) => {
  now = new Date(now.getTime() + seconds * 1000);
};
const ctx = await createTestContext({ now: () => now });
const PROJECT = "savon-shop-production-SitePublishBuild-a1b2c3d";
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A fake CodeBuild: its builds by id (newest last), every command it was sent, and what StartBuild does. */
function fakeCodeBuild(
  options: { builds?: Build[]; start?: (command: StartBuildCommand) => Promise<Build> } = {},
) {
  const builds = [...(options.builds ?? [])];
  const sent: CodeBuildCommand[] = [];
  const project: SiteBuildProject = {
    name: PROJECT,
    send: async (command) => {
      sent.push(command);
      if (command instanceof ListBuildsForProjectCommand) {
        expect(command.input.projectName).toBe(PROJECT);
        const ids = builds.map((build) => build.id ?? "");
        return {
          ids: command.input.sortOrder === "DESCENDING" ? ids.reverse() : ids,
          $metadata: {},
        } satisfies ListBuildsForProjectCommandOutput;
      }
      if (command instanceof BatchGetBuildsCommand) {
        return {
          builds: builds.filter((build) => command.input.ids?.includes(build.id ?? "")),
          $metadata: {},
        } satisfies BatchGetBuildsCommandOutput;
      }
      if (command instanceof StartBuildCommand) {
        const build = options.start
          ? await options.start(command)
          : { id: `${PROJECT}:build-${builds.length + 1}`, buildStatus: "IN_PROGRESS" as const };
        builds.push(build);
        return { build, $metadata: {} } satisfies StartBuildCommandOutput;
      }
      throw new Error(`Unexpected CodeBuild command ${String(command)}`);
    },
  };
  const starts = () => sent.filter((command) => command instanceof StartBuildCommand);
  return { project, sent, starts, builds };
}

const status = () => sitePublishStatus(ctx.deps);

/** A "CodeBuild Build State Change" event as EventBridge delivers it, for a build the publish job started. */
function buildEnded(
  buildStatus: string,
  options: { covers?: string; project?: string; phases?: [string, string?][] } = {},
): BuildStateChange {
  const phases = (options.phases ?? [["SUBMITTED", "SUCCEEDED"], ["BUILD", "SUCCEEDED"], ["COMPLETED"]]).map(
    ([type, phaseStatus]) => ({
      "phase-type": type,
      ...(phaseStatus ? { "phase-status": phaseStatus } : {}),
      "start-time": "Nov 23, 2026 10:01:00 AM",
    }),
  );
  const detail = {
    "build-status": buildStatus,
    "project-name": options.project ?? PROJECT,
    "build-id": `arn:aws:codebuild:eu-west-3:123456789012:build/${PROJECT}:8745a7a9`,
    "current-phase": "COMPLETED",
    "current-phase-context": "[]",
    version: "1",
    "additional-information": {
      environment: {
        image: "aws/codebuild/amazonlinux-aarch64-standard:3.0",
        "privileged-mode": false,
        "compute-type": "BUILD_GENERAL1_SMALL",
        type: "ARM_CONTAINER",
        "environment-variables": [
          { name: "SHOP_API_URL", type: "PLAINTEXT", value: "https://catalog.lambda-url.eu-west-3.on.aws" },
          ...(options.covers
            ? [{ name: SITE_PUBLISH_COVERS, type: "PLAINTEXT", value: options.covers }]
            : []),
        ],
      },
      logs: {
        "deep-link": "https://console.aws.amazon.com/cloudwatch/home?region=eu-west-3#logEvent:group=x",
      },
      phases,
    },
  } as unknown as CodeBuildStateEventDetail;
  return {
    version: "0",
    id: "c030038d-8c4d-6141-9545-00ff7b7153ex",
    "detail-type": "CodeBuild Build State Change",
    source: "aws.codebuild",
    account: "123456789012",
    time: now.toISOString(),
    region: "eu-west-3",
    resources: [],
    detail,
  };
}

beforeEach(async () => {
  await sitePublishEntity(ctx.db).delete({ site: "storefront" }).go();
  tick(60);
});

describe("the publish job (queue subscriber)", () => {
  it("records the start and starts one build for all the requests of the batch, covering them", async () => {
    await markSiteStale(ctx.deps, "Produit « Savon d'Alep » modifié");
    const requestedAt = now.toISOString();
    tick();
    await markSiteStale(ctx.deps, "Réglages modifiés : entreprise");
    const lastRequest = now.toISOString();
    tick();
    const codebuild = fakeCodeBuild();

    const response = await publishSite(ctx.deps, codebuild.project, ["m1", "m2", "m3"], quiet);

    expect(response).toEqual({ batchItemFailures: [] });
    expect(codebuild.starts()).toHaveLength(1);
    const start = codebuild.starts()[0] as StartBuildCommand;
    expect(start.input.projectName).toBe(PROJECT);
    expect(start.input.environmentVariablesOverride).toEqual([
      { name: SITE_PUBLISH_COVERS, value: lastRequest, type: "PLAINTEXT" },
    ]);
    expect(lastRequest > requestedAt).toBe(true);
    expect(await status()).toMatchObject({ state: "publishing", label: "Publication en cours…" });
  });

  it("leaves the requests for later while a build runs, so an edit made during a publish gets its own", async () => {
    await markSiteStale(ctx.deps, "Produit « Savon Premium » modifié");
    const codebuild = fakeCodeBuild({
      builds: [
        { id: `${PROJECT}:old`, buildStatus: "SUCCEEDED" },
        { id: `${PROJECT}:running`, buildStatus: "IN_PROGRESS" },
      ],
    });

    const response = await publishSite(ctx.deps, codebuild.project, ["m4", "m5"], quiet);

    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: "m4" }, { itemIdentifier: "m5" }] });
    expect(codebuild.starts()).toEqual([]);
    expect(await status()).toMatchObject({ state: "pending" });

    // When the message comes back after the running build ended, it gets its publish.
    (codebuild.builds[1] as Build).buildStatus = "SUCCEEDED";
    tick(120);
    expect(await publishSite(ctx.deps, codebuild.project, ["m4", "m5"], quiet)).toEqual({
      batchItemFailures: [],
    });
    expect(codebuild.starts()).toHaveLength(1);
  });

  it("starts nothing when a publish that began after these requests already covered them", async () => {
    await markSiteStale(ctx.deps, "Produit n° 12 supprimé");
    tick();
    const first = fakeCodeBuild();
    await publishSite(ctx.deps, first.project, ["m6"], quiet);
    const covers = (first.starts()[0] as StartBuildCommand).input.environmentVariablesOverride?.[0]?.value;
    tick(90);
    await recordBuildEnd(ctx.deps, buildEnded("SUCCEEDED", { covers }), PROJECT, quiet);

    // A late message for the same edit.
    const late = fakeCodeBuild({ builds: [{ id: `${PROJECT}:1`, buildStatus: "SUCCEEDED" }] });
    expect(await publishSite(ctx.deps, late.project, ["m7"], quiet)).toEqual({ batchItemFailures: [] });
    expect(late.starts()).toEqual([]);
    expect(await status()).toMatchObject({ state: "up_to_date", label: "Site à jour" });
  });

  it.each([
    ["AccessDeniedException", "User is not authorized to perform: codebuild:StartBuild"],
    // A new account's CodeBuild quota (Linux/Small) can be 0.
    ["AccountLimitExceededException", "Cannot have more than 0 builds in queue for the account"],
  ])(
    "records a build that cannot start (%s) for the admin, in French, then fails so the requests stay queued and the alarm fires",
    async (name, message) => {
      await markSiteStale(ctx.deps, "Réglages modifiés : livraison");
      tick();
      const refused = Object.assign(new Error(message), { name });
      const codebuild = fakeCodeBuild({ start: () => Promise.reject(refused) });

      // A thrown error: Lambda's Errors metric (the subscriber's alarm) and the whole batch back to the queue.
      await expect(publishSite(ctx.deps, codebuild.project, ["m8", "m9"], quiet)).rejects.toThrow(
        `The publish build could not start (${name})`,
      );
      expect(await status()).toMatchObject({
        state: "failed",
        label: `Échec de la publication : La construction du site n'a pas pu démarrer (${name}).`,
      });

      // The requests come back once the quota is raised: the publish starts then.
      tick(120);
      const later = fakeCodeBuild();
      expect(await publishSite(ctx.deps, later.project, ["m8", "m9"], quiet)).toEqual({
        batchItemFailures: [],
      });
      expect(later.starts()).toHaveLength(1);
      expect(await status()).toMatchObject({ state: "publishing" });
    },
  );

  it("leaves the requests for later when another invocation started the one build allowed meanwhile", async () => {
    await markSiteStale(ctx.deps, "Produit « Savon » en rupture");
    tick();
    const limit = Object.assign(new Error("Project cannot have more than 1 builds running"), {
      name: "AccountLimitExceededException",
    });
    const codebuild = fakeCodeBuild();
    const { project } = codebuild;
    const racing: SiteBuildProject = {
      name: project.name,
      send: async (command) => {
        if (command instanceof StartBuildCommand) {
          codebuild.builds.push({ id: `${PROJECT}:other`, buildStatus: "IN_PROGRESS" });
          throw limit;
        }
        return project.send(command);
      },
    };

    expect(await publishSite(ctx.deps, racing, ["m9", "m10"], quiet)).toEqual({
      batchItemFailures: [{ itemIdentifier: "m9" }, { itemIdentifier: "m10" }],
    });
    expect(await status()).toMatchObject({ state: "publishing" });
  });
});

describe("the result job (build state changes)", () => {
  async function startPublish(): Promise<string> {
    await markSiteStale(ctx.deps, "Produit « Savon d'Alep » modifié");
    tick();
    const codebuild = fakeCodeBuild();
    await publishSite(ctx.deps, codebuild.project, ["m"], quiet);
    tick(150);
    return (codebuild.starts()[0] as StartBuildCommand).input.environmentVariablesOverride?.[0]?.value ?? "";
  }

  it("records a build that succeeded: 'Site à jour'", async () => {
    const covers = await startPublish();
    expect(await status()).toMatchObject({ label: "Publication en cours…" });

    const outcome = await recordBuildEnd(ctx.deps, buildEnded("SUCCEEDED", { covers }), PROJECT, quiet);

    expect(outcome).toEqual({ covers, ok: true });
    expect(await status()).toMatchObject({ state: "up_to_date", label: "Site à jour", error: null });
  });

  it("records a build that failed with its reason in French, and the old site stays", async () => {
    const covers = await startPublish();
    const event = buildEnded("FAILED", {
      covers,
      phases: [
        ["SUBMITTED", "SUCCEEDED"],
        ["INSTALL", "SUCCEEDED"],
        ["BUILD", "FAILED"],
        ["POST_BUILD", "FAILED"],
        ["COMPLETED"],
      ],
    });

    await recordBuildEnd(ctx.deps, event, PROJECT, quiet);

    expect(await status()).toMatchObject({
      state: "failed",
      label: "Échec de la publication : La construction du site a échoué (phase BUILD).",
      error: "La construction du site a échoué (phase BUILD).",
    });
  });

  it("keeps an edit made during the build pending: the build did not cover it", async () => {
    const covers = await startPublish();
    await markSiteStale(ctx.deps, "Produit « Savon Premium » modifié");
    tick(30);

    await recordBuildEnd(ctx.deps, buildEnded("SUCCEEDED", { covers }), PROJECT, quiet);

    expect(await status()).toMatchObject({ state: "pending", label: "Publication en attente…" });
  });

  it("says why in French for each way a build ends badly", () => {
    const reason = (buildStatus: string, phases: [string, string?][]) =>
      failureReason(buildEnded(buildStatus, { phases }).detail);
    expect(reason("FAILED", [["INSTALL", "FAILED"]])).toBe(
      "L'installation des dépendances a échoué (phase INSTALL).",
    );
    expect(
      reason("FAILED", [
        ["BUILD", "SUCCEEDED"],
        ["POST_BUILD", "FAILED"],
      ]),
    ).toBe("La mise en ligne du site a échoué (phase POST_BUILD).");
    expect(reason("FAILED", [["DOWNLOAD_SOURCE", "CLIENT_ERROR"]])).toBe(
      "Les sources du site n'ont pas pu être lues (phase DOWNLOAD_SOURCE).",
    );
    expect(reason("STOPPED", [["BUILD", "STOPPED"]])).toBe(
      "La publication a été arrêtée avant la fin (phase BUILD).",
    );
    expect(reason("FAILED", [["BUILD", "TIMED_OUT"]])).toBe(
      "La publication a dépassé le temps imparti (phase BUILD).",
    );
    expect(reason("TIMED_OUT", [])).toBe("La publication a dépassé le temps imparti (phase COMPLETED).");
    expect(reason("FAULT", [["PROVISIONING", "FAULT"]])).toBe(
      "L'environnement de construction n'a pas pu démarrer (phase PROVISIONING).",
    );
  });

  it("records nothing for another project, a build still running, or a build nobody asked the queue for", async () => {
    const covers = await startPublish();
    const before = await status();
    expect(
      await recordBuildEnd(ctx.deps, buildEnded("FAILED", { covers, project: "other" }), PROJECT, quiet),
    ).toBe(undefined);
    expect(publishOutcome(buildEnded("IN_PROGRESS", { covers }).detail)).toBeUndefined();
    expect(await recordBuildEnd(ctx.deps, buildEnded("FAILED"), PROJECT, quiet)).toBeUndefined();
    expect(await status()).toEqual(before);
  });
});
