import { Hono } from "hono";
import { DomainError } from "../../src/domain/errors";
import type { AppEnv } from "../platform/env";
import { retryAfterHeader } from "../platform/middleware/retry-after";
import { caller, clearSessionCookie, requireUser, withSession } from "../platform/middleware/session";
import { route, routesAt } from "../platform/route";
import { createAddress, deleteAddress, listAddresses, updateAddress } from "./addresses";
import { eraseAccount } from "./personal-data/erase";
import { getProfile, updateProfile } from "./profile";
import { userContract as contract } from "./profile-contract";

function addressId(id: string): string {
  if (!/^[0-9A-HJKMNP-TV-Z]{26}$/.test(id)) throw new DomainError("ADDRESS_NOT_FOUND");
  return id;
}

/** The caller's own profile and address book: every route is behind the session, every key is the caller's id. */
export const userRoutes = routesAt(
  "/api/user",
  new Hono<AppEnv>().use(retryAfterHeader, withSession, requireUser),
);

route(userRoutes, contract.getUserProfile, async (c) =>
  c.json(await getProfile(c.var.deps, caller(c).user.id)),
);

route(userRoutes, contract.putUserProfile, async (c) =>
  c.json(await updateProfile(c.var.deps, caller(c).user.id, c.req.valid("json"))),
);

route(userRoutes, contract.getUserAddresses, async (c) =>
  c.json(await listAddresses(c.var.deps, caller(c).user.id)),
);

route(userRoutes, contract.postUserAddresses, async (c) =>
  c.json(await createAddress(c.var.deps, caller(c).user.id, c.req.valid("json")), 201),
);

route(userRoutes, contract.putUserAddressesById, async (c) =>
  c.json(
    await updateAddress(
      c.var.deps,
      caller(c).user.id,
      addressId(c.req.valid("param").id),
      c.req.valid("json"),
    ),
  ),
);

route(userRoutes, contract.deleteUserAddressesById, async (c) => {
  await deleteAddress(c.var.deps, caller(c).user.id, addressId(c.req.valid("param").id));
  return c.body(null, 204);
});

route(userRoutes, contract.postUserAccountDelete, async (c) => {
  await eraseAccount(c.var.deps, caller(c).user, c.req.valid("json").password);
  clearSessionCookie(c);
  return c.json({ success: true as const, message: ACCOUNT_DELETED });
});

/** The answer to an erased account (the profile shows it on the home page it returns to). */
export const ACCOUNT_DELETED =
  "Votre compte et vos données personnelles ont été supprimés. Vos factures restent conservées 10 ans, comme la loi l'exige.";
