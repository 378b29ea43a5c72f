import { releaseExpiredHolds } from "../../payments/paypal-holds";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";

export const handler = settlingBackgroundSends(async (): Promise<{ released: string[] }> => {
  const released = await releaseExpiredHolds(depsFromEnv());
  if (released.length)
    console.info(`Released ${released.length} expired PayPal hold(s): ${released.join(", ")}`);
  return { released };
});
