import {
  BatchGetBuildsCommand,
  type BatchGetBuildsCommandOutput,
  CodeBuildClient,
  ListBuildsForProjectCommand,
  type ListBuildsForProjectCommandOutput,
  StartBuildCommand,
  type StartBuildCommandOutput,
} from "@aws-sdk/client-codebuild";
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import type { DataDeps } from "../../platform/deps";
import { beginPublish, recordPublishResult, sitePublishStatus } from "../publishing";

export const SITE_PUBLISH_PROJECT = "SITE_PUBLISH_PROJECT";
/** The build's environment variable carrying the newest request it covers (read back by publish-result.ts). */
export const SITE_PUBLISH_COVERS = "SITE_PUBLISH_COVERS";

export type CodeBuildCommand = ListBuildsForProjectCommand | BatchGetBuildsCommand | StartBuildCommand;
export type SendCodeBuild = (
  command: CodeBuildCommand,
) => Promise<ListBuildsForProjectCommandOutput | BatchGetBuildsCommandOutput | StartBuildCommandOutput>;

export interface SiteBuildProject {
  name: string;
  send: SendCodeBuild;
}

type Log = Pick<Console, "info" | "error">;

/** Only the newest builds can be running: the project allows one at a time. */
export async function publishRunning(project: SiteBuildProject): Promise<boolean> {
  const listed = (await project.send(
    new ListBuildsForProjectCommand({ projectName: project.name, sortOrder: "DESCENDING" }),
  )) as ListBuildsForProjectCommandOutput;
  const ids = (listed.ids ?? []).slice(0, 3);
  if (!ids.length) return false;
  const { builds } = (await project.send(new BatchGetBuildsCommand({ ids }))) as BatchGetBuildsCommandOutput;
  return (builds ?? []).some((build) => build.buildStatus === "IN_PROGRESS");
}

/**
 * One build for the requests of the last ~20 seconds. While a build runs the messages go back to the queue, so an
 * edit made during a publish gets its own. A build that cannot start (a new account's CodeBuild quota of 0) is
 * recorded for the admin, then the job throws: the Errors alarm reaches the owner and the batch returns to the queue
 * (AWS, "Handling errors for an SQS event source in Lambda"), then to its dead-letter queue.
 */
export async function publishSite(
  deps: DataDeps,
  project: SiteBuildProject,
  messageIds: readonly string[],
  log: Log = console,
): Promise<SQSBatchResponse> {
  const later: SQSBatchResponse = { batchItemFailures: messageIds.map((id) => ({ itemIdentifier: id })) };
  const done: SQSBatchResponse = { batchItemFailures: [] };

  if (await publishRunning(project)) {
    log.info(`A publish is running: ${messageIds.length} request(s) wait for it to end.`);
    return later;
  }
  const status = await sitePublishStatus(deps);
  if (status.state === "up_to_date") {
    log.info("The site is already up to date: no publish needed.");
    return done;
  }

  const { covers } = await beginPublish(deps);
  try {
    const started = (await project.send(
      new StartBuildCommand({
        projectName: project.name,
        environmentVariablesOverride: [{ name: SITE_PUBLISH_COVERS, value: covers, type: "PLAINTEXT" }],
      }),
    )) as StartBuildCommandOutput;
    log.info(`Publish started (build ${started.build?.id ?? "?"}), covering the changes up to ${covers}.`);
    return done;
  } catch (error) {
    // Another invocation may have started one meanwhile: the project allows one build at a time.
    if (await publishRunning(project).catch(() => false)) {
      log.info("A publish started meanwhile: these requests wait for it to end.");
      return later;
    }
    const name = error instanceof Error ? error.name : "Error";
    log.error("The publish build could not start:", error);
    await recordPublishResult(deps, {
      covers,
      ok: false,
      error: `La construction du site n'a pas pu démarrer (${name}).`,
    });
    throw new Error(`The publish build could not start (${name}): the requests return to the queue.`);
  }
}

let codebuild: SendCodeBuild | undefined;

export async function publishRequested(deps: DataDeps, event: SQSEvent): Promise<SQSBatchResponse> {
  const name = process.env[SITE_PUBLISH_PROJECT];
  if (!name)
    throw new Error(`${SITE_PUBLISH_PROJECT} is not set: which CodeBuild project publishes the site?`);
  if (!codebuild) {
    const client = new CodeBuildClient({});
    codebuild = (command) =>
      command instanceof StartBuildCommand
        ? client.send(command)
        : command instanceof BatchGetBuildsCommand
          ? client.send(command)
          : client.send(command);
  }
  const reasons = event.Records.map((record) => {
    try {
      return (JSON.parse(record.body) as { reason?: string }).reason ?? "?";
    } catch {
      return "?";
    }
  });
  console.info(`Publish requested for: ${reasons.join(" | ")}`);
  return publishSite(
    deps,
    { name, send: codebuild },
    event.Records.map((record) => record.messageId),
  );
}
