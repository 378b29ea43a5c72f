import { Hono } from "hono";
import { OPTED_OUT_MESSAGE } from "../../src/domain/reviews/opt-out";
import type { AppEnv } from "../platform/env";
import { route, routesAt } from "../platform/route";
import { reviewInvitationsContract as contract } from "./invitation-contract";
import { optOut } from "./opt-outs";

/** With the accounts' mail preferences: it writes, and the catalogue's function only reads. No session is read. */
export const reviewInvitationsRoutes = routesAt(
  { mount: "/api/reviews/invitations", area: "accounts" },
  new Hono<AppEnv>(),
);

route(reviewInvitationsRoutes, contract.postReviewsInvitationsOptOutByToken, async (c) => {
  await optOut(c.var.deps, c.req.valid("param").token);
  return c.json({ message: OPTED_OUT_MESSAGE });
});
