import { followPriceChanges, type PriceChangesResult } from "../../reductions/on-time";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";

export const handler = settlingBackgroundSends(async (): Promise<PriceChangesResult> => {
  const result = await followPriceChanges(depsFromEnv());
  if (result.staleFor) console.info(`Pages marked stale for the price change at ${result.staleFor}`);
  if (result.recorded.length) console.info(`First price lines written: ${result.recorded.join(", ")}`);
  return result;
});
