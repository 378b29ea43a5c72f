import { runDailySummary } from "../../admin/daily-summary";
import { depsFromEnv } from "../deps-from-env";

/** 8:00 Europe/Paris (infra/jobs.ts); at most once a Paris day. */
export const handler = async () => {
  const result = await runDailySummary(depsFromEnv());
  console.info(
    `Daily summary ${result.day}: ${result.outcome}${result.items ? ` (${result.items} items)` : ""}`,
  );
  return result;
};
