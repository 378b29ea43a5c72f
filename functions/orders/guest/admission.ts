import type { Context } from "hono";
import { rateLimits } from "../../../src/domain/rate-limit";
import type { AppEnv } from "../../platform/env";
import { clientKey } from "../../platform/middleware/client-ip";
import { admitAttempt } from "../../platform/throttle";

/** Each guest order holds stock until paid or released, and no sign-up limit stands before it. */
export async function admitGuestOrder(c: Context<AppEnv>): Promise<void> {
  await admitAttempt(c.var.deps, [
    { scope: "guest-orders-address", subject: clientKey(c), rule: rateLimits.guestOrdersPerAddress },
  ]);
}
