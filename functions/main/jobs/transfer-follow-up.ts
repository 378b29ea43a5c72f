import { followUpTransfers, type TransferFollowUpResult } from "../../payments/transfer-follow-up";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";

/**
 * Scheduled job, every hour of the day (infra/jobs.ts; the local server runs it on a timer): bank transfers not
 * received get their one reminder after N days and their order cancelled after M (services/transfer-follow-up.ts).
 */
export const handler = settlingBackgroundSends(async (): Promise<TransferFollowUpResult> => {
  const result = await followUpTransfers(depsFromEnv());
  if (result.reminded.length)
    console.info(`Transfer reminders sent: ${result.reminded.length}: ${result.reminded.join(", ")}`);
  if (result.cancelled.length)
    console.info(`Orders cancelled, transfer never received: ${result.cancelled.join(", ")}`);
  return result;
});
