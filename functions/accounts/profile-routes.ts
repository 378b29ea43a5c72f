import { Hono } from "hono";
import { DomainError } from "../../src/domain/errors";
import type { Deps } from "../platform/deps";
import type { AppEnv } from "../platform/env";
import { retryAfterHeader } from "../platform/middleware/retry-after";
import { route, routesAt } from "../platform/route";
import { createAddress, deleteAddress, listAddresses, updateAddress } from "./addresses";
import type { AuthUser } from "./auth";
import { getProfile, updateProfile } from "./profile";
import { userContract as contract } from "./profile-contract";
import { caller, clearSessionCookie, requireUser, withSession } from "./session-middleware";

function addressId(id: string): string {
  if (!/^[0-9A-HJKMNP-TV-Z]{26}$/.test(id)) throw new DomainError("ADDRESS_NOT_FOUND");
  return id;
}

/**
 * Erasing an account and its personal data everywhere in the shop: the personal-data feature does it, and
 * functions/main gives it here, so accounts depends on none of the features that hold the data.
 */
export type EraseAccount = (deps: Deps, user: AuthUser, password: string) => Promise<void>;

/** The caller's own profile and address book: every route is behind the session, every key is the caller's id. */
export function userRoutes(eraseAccount: EraseAccount) {
  const routes = routesAt(
    { mount: "/api/user", area: "accounts" },
    new Hono<AppEnv>().use(retryAfterHeader, withSession, requireUser),
  );

  route(routes, contract.getUserProfile, async (c) =>
    c.json(await getProfile(c.var.deps, caller(c).user.id)),
  );

  route(routes, contract.putUserProfile, async (c) =>
    c.json(await updateProfile(c.var.deps, caller(c).user.id, c.req.valid("json"))),
  );

  route(routes, contract.getUserAddresses, async (c) =>
    c.json(await listAddresses(c.var.deps, caller(c).user.id)),
  );

  route(routes, contract.postUserAddresses, async (c) =>
    c.json(await createAddress(c.var.deps, caller(c).user.id, c.req.valid("json")), 201),
  );

  route(routes, contract.putUserAddressesById, async (c) =>
    c.json(
      await updateAddress(
        c.var.deps,
        caller(c).user.id,
        addressId(c.req.valid("param").id),
        c.req.valid("json"),
      ),
    ),
  );

  route(routes, contract.deleteUserAddressesById, async (c) => {
    await deleteAddress(c.var.deps, caller(c).user.id, addressId(c.req.valid("param").id));
    return c.body(null, 204);
  });

  route(routes, contract.postUserAccountDelete, async (c) => {
    await eraseAccount(c.var.deps, caller(c).user, c.req.valid("json").password);
    clearSessionCookie(c);
    return c.json({ success: true as const, message: ACCOUNT_DELETED });
  });
  return routes;
}

export const ACCOUNT_DELETED =
  "Votre compte et vos données personnelles ont été supprimés. Vos factures restent conservées 10 ans, comme la loi l'exige.";
