/** The machinery's problems for the owner's to-do list; why: docs/decisions/030-failures-reach-the-owner.md. */
import {
  describeProblem,
  isProblemKind,
  type OwnerProblem,
  type ProblemKind,
  problemOfAlarm,
} from "../../src/domain/admin/owner-problems";
import { ownerProblemEntity } from "./db/entities/owner-problem";
import { isConditionFailure } from "./db/errors";
import type { DataDeps } from "./deps";

export interface ProblemReport {
  kind: ProblemKind;
  subject: string;
  at: string;
  source: "alarm" | "local" | "shop";
  detail?: string;
}

/** Records a problem; one already recorded keeps its `since` and gets the new report's time and detail. */
export async function recordProblem(deps: Pick<DataDeps, "db">, report: ProblemReport): Promise<void> {
  const entity = ownerProblemEntity(deps.db);
  const detail = report.detail?.slice(0, 1000);
  try {
    await entity
      .create({
        kind: report.kind,
        subject: report.subject,
        since: report.at,
        updated_at: report.at,
        source: report.source,
        ...(detail ? { detail } : {}),
      })
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    await entity
      .patch({ kind: report.kind, subject: report.subject })
      .set({ updated_at: report.at, source: report.source, ...(detail ? { detail } : {}) })
      .go();
  }
}

/**
 * Takes a problem off the list, unless it started after `at`: SNS does not keep order, so an OK older than the ALARM
 * that recorded the problem must not clear it.
 */
export async function clearProblem(
  deps: Pick<DataDeps, "db">,
  kind: ProblemKind,
  subject: string,
  at: string,
): Promise<boolean> {
  try {
    await ownerProblemEntity(deps.db)
      .delete({ kind, subject })
      .where(({ since }, { lte }) => lte(since, at))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function listProblems(deps: Pick<DataDeps, "db">): Promise<OwnerProblem[]> {
  const { data } = await ownerProblemEntity(deps.db).query.byKind({}).go({ pages: "all" });
  return data
    .flatMap((item) => {
      const kind = item.kind;
      if (!isProblemKind(kind)) return [];
      return [{ kind, subject: item.subject, since: item.since, ...describeProblem(kind, item.subject) }];
    })
    .sort((a, b) => a.since.localeCompare(b.since) || a.subject.localeCompare(b.subject));
}

/** A CloudWatch alarm's SNS message (CloudWatch user guide, the alarm notification's fields); only what is read. */
export interface AlarmNotification {
  AlarmName: string;
  NewStateValue: "ALARM" | "OK" | "INSUFFICIENT_DATA";
  NewStateReason?: string;
  /** "2026-03-01T07:12:19.557+0000". */
  StateChangeTime: string;
}

/** CloudWatch's "+0000" offsets as ISO 8601 ("Z"), which Date.parse reads everywhere. */
export function isoTime(value: string): string | undefined {
  const normalized = value.replace(/([+-]\d{2})(\d{2})$/, "$1:$2");
  const time = Date.parse(normalized);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

export type AlarmOutcome = "recorded" | "cleared" | "kept" | "ignored";

/** ALARM records, OK clears, INSUFFICIENT_DATA changes nothing; an alarm the shop did not name is ignored. */
export async function recordAlarm(deps: Pick<DataDeps, "db">, message: unknown): Promise<AlarmOutcome> {
  const notification = message as Partial<AlarmNotification> | null;
  const problem =
    typeof notification?.AlarmName === "string" ? problemOfAlarm(notification.AlarmName) : undefined;
  const at =
    typeof notification?.StateChangeTime === "string" ? isoTime(notification.StateChangeTime) : undefined;
  if (!problem || !at || !notification) return "ignored";
  if (notification.NewStateValue === "ALARM") {
    await recordProblem(deps, {
      ...problem,
      at,
      source: "alarm",
      ...(notification.NewStateReason ? { detail: notification.NewStateReason } : {}),
    });
    return "recorded";
  }
  if (notification.NewStateValue === "OK")
    return (await clearProblem(deps, problem.kind, problem.subject, at)) ? "cleared" : "kept";
  return "ignored";
}
