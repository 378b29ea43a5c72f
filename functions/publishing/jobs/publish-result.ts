import type { CodeBuildStateEventDetail, EventBridgeEvent } from "aws-lambda";
import type { DataDeps } from "../../platform/deps";
import { recordPublishResult } from "../publishing";
import { SITE_PUBLISH_COVERS, SITE_PUBLISH_PROJECT } from "./publish-site";

export type BuildStateChange = EventBridgeEvent<"CodeBuild Build State Change", CodeBuildStateEventDetail>;

/** The build states that end a build ("CodeBuild Build State Change" events; TIMED_OUT and FAULT as the API says). */
export const finalBuildStates = ["SUCCEEDED", "FAILED", "STOPPED", "TIMED_OUT", "FAULT"] as const;

/** What the owner reads after 'Échec de la publication : ', by the phase that failed. */
const phaseFailures: Record<string, string> = {
  SUBMITTED: "La construction du site n'a pas pu démarrer (phase SUBMITTED).",
  QUEUED: "La construction du site n'a pas pu démarrer (phase QUEUED).",
  PROVISIONING: "L'environnement de construction n'a pas pu démarrer (phase PROVISIONING).",
  DOWNLOAD_SOURCE: "Les sources du site n'ont pas pu être lues (phase DOWNLOAD_SOURCE).",
  INSTALL: "L'installation des dépendances a échoué (phase INSTALL).",
  PRE_BUILD: "La préparation de la construction a échoué (phase PRE_BUILD).",
  BUILD: "La construction du site a échoué (phase BUILD).",
  POST_BUILD: "La mise en ligne du site a échoué (phase POST_BUILD).",
  UPLOAD_ARTIFACTS: "La mise en ligne du site a échoué (phase UPLOAD_ARTIFACTS).",
  FINALIZING: "La fin de la construction a échoué (phase FINALIZING).",
};

export function failureReason(detail: CodeBuildStateEventDetail): string {
  const failed = (detail["additional-information"]?.phases ?? []).find(
    (phase) => phase["phase-status"] && phase["phase-status"] !== "SUCCEEDED",
  );
  const phase = failed?.["phase-type"] ?? detail["current-phase"];
  const status: string = failed?.["phase-status"] ?? detail["build-status"];
  if (detail["build-status"] === "STOPPED" || status === "STOPPED")
    return `La publication a été arrêtée avant la fin${phase ? ` (phase ${phase})` : ""}.`;
  if ((detail["build-status"] as string) === "TIMED_OUT" || status === "TIMED_OUT")
    return `La publication a dépassé le temps imparti${phase ? ` (phase ${phase})` : ""}.`;
  return (phase && phaseFailures[phase]) ?? `La publication a échoué${phase ? ` (phase ${phase})` : ""}.`;
}

export type PublishOutcome = { covers: string; ok: true } | { covers: string; ok: false; error: string };

/** Undefined for a build still running, or one started by hand (no covers). */
export function publishOutcome(detail: CodeBuildStateEventDetail): PublishOutcome | undefined {
  const status: string = detail["build-status"];
  if (!(finalBuildStates as readonly string[]).includes(status)) return undefined;
  const covers = detail["additional-information"]?.environment?.["environment-variables"]?.find(
    (variable) => variable.name === SITE_PUBLISH_COVERS,
  )?.value;
  if (!covers) return undefined;
  return status === "SUCCEEDED" ? { covers, ok: true } : { covers, ok: false, error: failureReason(detail) };
}

/** Records how a publish build ended; the dashboard then says 'Site à jour' or 'Échec de la publication : …'. */
export async function recordBuildEnd(
  deps: DataDeps,
  event: BuildStateChange,
  project: string,
  log: Pick<Console, "info" | "error" | "warn"> = console,
): Promise<PublishOutcome | undefined> {
  const detail = event.detail;
  if (detail["project-name"] !== project) {
    log.warn(`Ignored a state change of the CodeBuild project ${detail["project-name"]}.`);
    return undefined;
  }
  const outcome = publishOutcome(detail);
  if (!outcome) {
    log.info(
      `Build ${detail["build-id"]} (${detail["build-status"]}) was not started by a publish: nothing recorded.`,
    );
    return undefined;
  }
  await recordPublishResult(deps, outcome);
  const logs = detail["additional-information"]?.logs?.["deep-link"];
  if (outcome.ok)
    log.info(`Publish ${detail["build-id"]} succeeded, covering the changes up to ${outcome.covers}.`);
  else log.error(`Publish ${detail["build-id"]} failed: ${outcome.error}${logs ? ` Logs: ${logs}` : ""}`);
  return outcome;
}

export async function buildEnded(deps: DataDeps, event: BuildStateChange): Promise<void> {
  const project = process.env[SITE_PUBLISH_PROJECT];
  if (!project)
    throw new Error(`${SITE_PUBLISH_PROJECT} is not set: which CodeBuild project publishes the site?`);
  await recordBuildEnd(deps, event, project);
}
