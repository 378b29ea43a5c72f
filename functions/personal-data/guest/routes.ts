import { Hono } from "hono";
import { GUEST_DATA_REQUEST_ANSWER, guestDataLimits } from "../../../src/domain/personal-data/guest-data";
import type { AppEnv } from "../../platform/env";
import { clientKey } from "../../platform/middleware/client-ip";
import { retryAfterHeader } from "../../platform/middleware/retry-after";
import { route, routesAt } from "../../platform/route";
import { admitAttempt } from "../../platform/throttle";
import { guestDataContract as contract } from "./contract";
import { eraseGuestData, exportGuestData } from "./service";

/** GDPR art. 15, 17, 20 by a mailed link. In the documents Lambda: the export renders her invoices. */
export const guestDataRoutes = routesAt(
  { mount: "/api/guest/personal-data", area: "documents" },
  new Hono<AppEnv>().use(retryAfterHeader),
);

route(guestDataRoutes, contract.postGuestPersonalDataRequest, async (c) => {
  await admitAttempt(c.var.deps, [
    { scope: "guest-data-request-address", subject: clientKey(c), rule: guestDataLimits.requestsPerAddress },
  ]);
  // After the answer (the account mail queue: sendGuestDataLink), so that neither the answer nor its timing says
  // whether the e-mail has orders.
  c.var.deps.accountMail.request({
    kind: "guest-data-link",
    email: c.req.valid("json").email,
    requested_at: c.var.deps.clock().toISOString(),
  });
  return c.json({ message: GUEST_DATA_REQUEST_ANSWER }, 202);
});

route(guestDataRoutes, contract.postGuestPersonalDataExport, async (c) => {
  const { fileName, bytes } = await exportGuestData(c.var.deps, c.req.valid("json").token);
  return c.body(bytes.buffer as ArrayBuffer, 200, {
    "content-type": "application/zip",
    "content-disposition": `attachment; filename="${fileName}"`,
    "cache-control": "private, no-store",
  });
});

route(guestDataRoutes, contract.postGuestPersonalDataErase, async (c) => {
  c.header("cache-control", "private, no-store");
  return c.json(await eraseGuestData(c.var.deps, c.req.valid("json").token));
});
