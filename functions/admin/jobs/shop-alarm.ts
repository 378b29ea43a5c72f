import type { SNSEvent } from "aws-lambda";
import { type AlarmOutcome, recordAlarm } from "../../platform/owner-problems";

type Log = Pick<Console, "info" | "error">;

/** A message that is not an alarm's JSON is logged and skipped; a failed write throws, and Lambda retries. */
export async function recordAlarms(
  deps: Parameters<typeof recordAlarm>[0],
  event: SNSEvent,
  log: Log = console,
): Promise<AlarmOutcome[]> {
  const outcomes: AlarmOutcome[] = [];
  for (const record of event.Records) {
    let message: unknown;
    try {
      message = JSON.parse(record.Sns.Message);
    } catch {
      log.error(`Alarm topic message ${record.Sns.MessageId} skipped: not JSON.`);
      outcomes.push("ignored");
      continue;
    }
    const outcome = await recordAlarm(deps, message);
    log.info(`Alarm ${(message as { AlarmName?: string })?.AlarmName ?? "?"}: ${outcome}.`);
    outcomes.push(outcome);
  }
  return outcomes;
}
