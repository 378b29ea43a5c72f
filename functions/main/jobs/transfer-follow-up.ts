import { followUpTransfers, type TransferFollowUpResult } from "../../payments/transfer-follow-up";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";

export const handler = settlingBackgroundSends(async (): Promise<TransferFollowUpResult> => {
  const result = await followUpTransfers(depsFromEnv());
  if (result.reminded.length)
    console.info(`Transfer reminders sent: ${result.reminded.length}: ${result.reminded.join(", ")}`);
  if (result.cancelled.length)
    console.info(`Orders cancelled, transfer never received: ${result.cancelled.join(", ")}`);
  return result;
});
