/**
 * Guest links (docs/decisions/049-guest-checkout.md): a random 32-byte token handed once and never stored, its SHA-256
 * kept. A wrong, revoked or expired link answers 404 exactly like a made-up id, so it says nothing about the order.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Context } from "hono";
import { DomainError } from "../../../src/domain/errors";
import {
  GUEST_TOKEN_HEADER,
  GUEST_TOKEN_PATTERN,
  guestLinkReach,
  isGuestOrder,
} from "../../../src/domain/orders/guest";
import { readRound } from "../../platform/db/read-round";
import { writeTransaction } from "../../platform/db/transaction";
import type { DataDeps } from "../../platform/deps";
import { orderEntity } from "../entity";
import { getUserOrder } from "../order-reads";
import type { OrderRecord } from "../service";
import { type GuestLinkSeed, guestLinkEntity, guestLinkItem } from "./link-entity";

export function guestTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function newGuestToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: guestTokenHash(token) };
}

export function guestToken(c: Context): string | undefined {
  return c.req.header(GUEST_TOKEN_HEADER);
}

export type OrderAccess = { userId: string } | { guestToken: string | undefined };

/**
 * The link's key is its hash: nothing to compare, so no timing to learn from. A link to an order that joined an
 * account answers 401 ORDER_IN_ACCOUNT, so the mails she keeps lead her to sign in.
 */
export async function reachableOrder(deps: DataDeps, id: string, access: OrderAccess): Promise<OrderRecord> {
  if ("userId" in access) return getUserOrder(deps, access.userId, id);
  const notFound = () => new DomainError("ORDER_NOT_FOUND");
  const token = access.guestToken;
  if (!token || !GUEST_TOKEN_PATTERN.test(token)) throw notFound();
  const round = readRound(deps.db);
  const order = round.get(orderEntity(deps.db), { id });
  const link = round.get(guestLinkEntity(deps.db), { order_id: id, hash: guestTokenHash(token) });
  await round.run();
  const found = order.value;
  const reach = found && link.value ? guestLinkReach(found, deps.clock()) : "closed";
  if (found && reach === "open") return found;
  throw reach === "in_account" ? new DomainError("ORDER_IN_ACCOUNT") : notFound();
}

export function guestOrder(deps: DataDeps, id: string, token: string | undefined): Promise<OrderRecord> {
  return reachableOrder(deps, id, { guestToken: token });
}

export async function addGuestLink(
  deps: DataDeps,
  order: Pick<OrderRecord, "id" | "user_id">,
): Promise<string | null> {
  if (!isGuestOrder(order)) return null;
  const { token, hash } = newGuestToken();
  await guestLinkEntity(deps.db)
    .create(guestLinkItem(order.id, hash, deps.clock().toISOString()))
    .go();
  return token;
}

/**
 * Derived from the Idempotency-Key and a salt kept under it, never the token: a replay gets the same link again, and
 * nobody can get a new one that way.
 */
function keyedGuestToken(idempotencyKey: string, salt: string): string {
  return createHash("sha256").update(salt).update("\0").update(idempotencyKey).digest("base64url");
}

/** A replay answers the first link again and writes none: once revoked or erased, it opens nothing. */
export async function placedWithLink<T extends { replayed: boolean; linkSalt?: string }>(
  idempotencyKey: string | undefined,
  place: (link: GuestLinkSeed) => Promise<T>,
): Promise<Omit<T, "linkSalt"> & { access_token: string }> {
  const salt = idempotencyKey ? randomBytes(32).toString("base64url") : undefined;
  const token =
    idempotencyKey && salt ? keyedGuestToken(idempotencyKey, salt) : randomBytes(32).toString("base64url");
  const { linkSalt, ...placed } = await place({ hash: guestTokenHash(token), salt });
  if (!placed.replayed) return { ...placed, access_token: token };
  // A key stored without a salt has no link to give again: the answer names none.
  const again = idempotencyKey && linkSalt ? keyedGuestToken(idempotencyKey, linkSalt) : "";
  return { ...placed, access_token: again };
}

/** Every link deleted and one new written, in one transaction. A customer's order has none: 409. */
export async function replaceGuestLinks(
  deps: DataDeps,
  id: string,
): Promise<{ order: OrderRecord; token: string }> {
  const { data: order } = await orderEntity(deps.db).get({ id }).go();
  if (!order) throw new DomainError("ORDER_NOT_FOUND");
  if (!isGuestOrder(order))
    throw new DomainError(
      "CONFLICT",
      "Cette commande a été passée avec un compte client : elle n'a pas de lien de suivi.",
    );
  // Erased at the guest's request: no e-mail to send a link to, and nobody to send it for.
  if (!order.customer_email)
    throw new DomainError(
      "CONFLICT",
      "Les données personnelles de cette commande ont été effacées : plus aucun lien ne lui est envoyé.",
    );
  const { data: links } = await guestLinkEntity(deps.db).query.byOrder({ order_id: id }).go({ pages: "all" });
  const { token, hash } = newGuestToken();
  // At most 100 items a transaction: an order does not get 99 mails; past that the oldest go in earlier writes.
  const stale = links.map((link) => link.hash);
  while (stale.length > 99) {
    const chunk = stale.splice(0, 99);
    await writeTransaction(deps.db, () =>
      chunk.map((old) => ({
        commit: guestLinkEntity.transact(deps.db).delete({ order_id: id, hash: old }).commit(),
      })),
    );
  }
  await writeTransaction(deps.db, () => [
    ...stale.map((old) => ({
      commit: guestLinkEntity.transact(deps.db).delete({ order_id: id, hash: old }).commit(),
    })),
    {
      commit: guestLinkEntity
        .transact(deps.db)
        .create(guestLinkItem(id, hash, deps.clock().toISOString()))
        .commit(),
    },
  ]);
  return { order, token };
}

export async function deleteGuestLinks(deps: DataDeps, id: string): Promise<void> {
  const { data: links } = await guestLinkEntity(deps.db).query.byOrder({ order_id: id }).go({ pages: "all" });
  if (links.length)
    await guestLinkEntity(deps.db)
      .delete(links.map(({ hash }) => ({ order_id: id, hash })))
      .go();
}
