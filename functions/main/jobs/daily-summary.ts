import { runDailySummary } from "../../admin/daily-summary";
import { depsFromEnv } from "../deps-from-env";

/**
 * Scheduled job (infra/jobs.ts: 8:00 Europe/Paris; the local server runs it on a timer): the owner's daily summary,
 * at most once a Paris day.
 */
export const handler = async () => {
  const result = await runDailySummary(depsFromEnv());
  console.info(
    `Daily summary ${result.day}: ${result.outcome}${result.items ? ` (${result.items} items)` : ""}`,
  );
  return result;
};
