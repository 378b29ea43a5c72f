/**
 * The jobs runner of `npm start`: what AWS schedules (infra/jobs.ts), here on timers, with the same consequence when
 * one fails: the problem goes to the top of the owner's to-do list, as a CloudWatch alarm puts it there on
 * AWS (functions/platform/owner-problems.ts), and comes off when the job succeeds again.
 */

import type { AccountMailRequest } from "../../functions/platform/adapters/account-mail-queue";
import type { DataDeps } from "../../functions/platform/deps";
import { clearProblem, recordProblem } from "../../functions/platform/owner-problems";

type Log = Pick<Console, "error">;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One run of a job, watched: a failure is logged under `label` (French, for the terminal) and recorded as the
 * problem `job_failed` / `name` (the job's name on AWS: ReleaseHolds, DailySummary...); a success clears it. Never
 * rejects: a timer calls it.
 */
export function watchedJob(
  deps: Pick<DataDeps, "db" | "clock">,
  name: string,
  label: string,
  run: () => Promise<unknown>,
  log: Log = console,
): () => Promise<void> {
  return async () => {
    try {
      await run();
    } catch (error) {
      log.error(`${label} :`, message(error));
      await recordProblem(deps, {
        kind: "job_failed",
        subject: name,
        at: deps.clock().toISOString(),
        source: "local",
        detail: message(error),
      }).catch((recording: unknown) => log.error("Problème non enregistré :", message(recording)));
      return;
    }
    await clearProblem(deps, "job_failed", name, deps.clock().toISOString()).catch((clearing: unknown) =>
      log.error("Problème non effacé :", message(clearing)),
    );
  };
}

/** Tries before a mail counts as not sent: the first and two more, as SQS would hand it back (fewer, faster). */
export const LOCAL_MAIL_ATTEMPTS = 3;

/**
 * The in-process mail handler with retries: a mail that still fails after LOCAL_MAIL_ATTEMPTS is recorded as the
 * problem AWS reports when the mail queue dead-letters it (`dead_letters` / `AccountMail`), and the error is
 * rethrown (the in-process queue logs it). A mail that leaves clears that problem: mails are going out again.
 */
export function retryingMail(
  deps: Pick<DataDeps, "db" | "clock">,
  handle: (request: AccountMailRequest) => Promise<void>,
  options: { attempts?: number; delayMs?: number } = {},
): (request: AccountMailRequest) => Promise<void> {
  const attempts = options.attempts ?? LOCAL_MAIL_ATTEMPTS;
  const delayMs = options.delayMs ?? 2000;
  return async (request) => {
    let failure: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        await handle(request);
        await clearProblem(deps, "dead_letters", "AccountMail", deps.clock().toISOString());
        return;
      } catch (error) {
        failure = error;
        if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, delayMs * attempt));
      }
    }
    await recordProblem(deps, {
      kind: "dead_letters",
      subject: "AccountMail",
      at: deps.clock().toISOString(),
      source: "local",
      detail: `${request.kind}: ${message(failure)}`,
    });
    throw failure;
  };
}
