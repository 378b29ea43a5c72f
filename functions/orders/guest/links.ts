/**
 * The links that open a guest's order (issue 32, decision record 049): each a random token of 32 bytes, handed
 * once (to the browser that placed the order, in a mail) and never stored: its SHA-256 is kept beside the order
 * (link-entity.ts). A link opens its own order only, while the order's warranty runs (guestLinkOpen); the owner's
 * revocation deletes every link and mails a new one to the order's e-mail. Once the order has joined its owner's
 * account, its links lead her to sign in (401 ORDER_IN_ACCOUNT) and open it no more. Anything else answers 404
 * ORDER_NOT_FOUND, exactly like a made-up id, so a wrong, revoked or expired link says nothing about the order.
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
import { getUserOrder, type OrderRecord } from "../service";
import { type GuestLinkSeed, guestLinkItem } from "./link-entity";

/** The SHA-256 of a token, base64url: what is kept. */
export function guestTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** A new link token and its hash. */
export function newGuestToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: guestTokenHash(token) };
}

/** The token a guest page sends (X-Order-Token), unchecked: the link's look-up judges it. */
export function guestToken(c: Context): string | undefined {
  return c.req.header(GUEST_TOKEN_HEADER);
}

/** Who asks for an order: a signed-in customer (her id), or a guest's link (its token, maybe absent). */
export type OrderAccess = { userId: string } | { guestToken: string | undefined };

/**
 * The order the caller may see and act on, or 404 like a made-up id: a customer's own, or the guest order a link
 * opens while it is open. The order and the link are read by key in one round (the link's key is its hash: nothing
 * to compare, and nothing to learn from how long a comparison takes). A link to an order that joined an account
 * (and still names someone: an erased account's orders name nobody) answers 401 ORDER_IN_ACCOUNT: the mails she
 * keeps lead her to sign in, where her session opens it.
 */
export async function reachableOrder(deps: DataDeps, id: string, access: OrderAccess): Promise<OrderRecord> {
  if ("userId" in access) return getUserOrder(deps, access.userId, id);
  const notFound = () => new DomainError("ORDER_NOT_FOUND");
  const token = access.guestToken;
  if (!token || !GUEST_TOKEN_PATTERN.test(token)) throw notFound();
  const round = readRound(deps.db);
  const order = round.get(deps.db.entities.order, { id });
  const link = round.get(deps.db.entities.guestLink, { order_id: id, hash: guestTokenHash(token) });
  await round.run();
  const found = order.value;
  const reach = found && link.value ? guestLinkReach(found, deps.clock()) : "closed";
  if (found && reach === "open") return found;
  throw reach === "in_account" ? new DomainError("ORDER_IN_ACCOUNT") : notFound();
}

/** The order a guest link opens, or 404 like a made-up id. */
export function guestOrder(deps: DataDeps, id: string, token: string | undefined): Promise<OrderRecord> {
  return reachableOrder(deps, id, { guestToken: token });
}

/**
 * One more link to a guest order (a mail about it): its token, its hash kept beside the others. Null for a
 * customer's order: she signs in to see it.
 */
export async function addGuestLink(
  deps: DataDeps,
  order: Pick<OrderRecord, "id" | "user_id">,
): Promise<string | null> {
  if (!isGuestOrder(order)) return null;
  const { token, hash } = newGuestToken();
  await deps.db.entities.guestLink.create(guestLinkItem(order.id, hash, deps.clock().toISOString())).go();
  return token;
}

/**
 * The token of a guest's first link under an Idempotency-Key: derived from the key and a random salt that is kept
 * under the key, never the token. Whoever replays the request (the same key: the browser that lost the answer) is
 * given the same link again, and nobody can get a new one that way.
 */
function keyedGuestToken(idempotencyKey: string, salt: string): string {
  return createHash("sha256").update(salt).update("\0").update(idempotencyKey).digest("base64url");
}

/**
 * A guest's placing request (a bank-transfer order, a PayPal hold): `place` writes the first link with the order
 * (its hash beside it, its salt under the Idempotency-Key), and its token is answered. A replay (same key, same body)
 * answers that first link again and writes none: once the owner has revoked it, or an erasure deleted it, it opens
 * nothing, whoever replays.
 */
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

/**
 * The owner's revocation (POST /api/admin/orders/{id}/guest-link): every link of the order is deleted and one new
 * link written, in one transaction; its token is answered for the mail. A customer's order has none: 409.
 */
export async function replaceGuestLinks(
  deps: DataDeps,
  id: string,
): Promise<{ order: OrderRecord; token: string }> {
  const { data: order } = await deps.db.entities.order.get({ id }).go();
  if (!order) throw new DomainError("ORDER_NOT_FOUND");
  if (!isGuestOrder(order))
    throw new DomainError(
      "CONFLICT",
      "Cette commande a été passée avec un compte client : elle n'a pas de lien de suivi.",
    );
  // Erased at the guest's request (decision record 017): no e-mail to send a link to, and nobody to send it for.
  if (!order.customer_email)
    throw new DomainError(
      "CONFLICT",
      "Les données personnelles de cette commande ont été effacées : plus aucun lien ne lui est envoyé.",
    );
  const { data: links } = await deps.db.entities.guestLink.query
    .byOrder({ order_id: id })
    .go({ pages: "all" });
  const { token, hash } = newGuestToken();
  // At most 100 items a transaction: an order does not get 99 mails; past that the oldest go in earlier writes.
  const stale = links.map((link) => link.hash);
  while (stale.length > 99) {
    const chunk = stale.splice(0, 99);
    await writeTransaction(deps.db, ({ guestLink }) =>
      chunk.map((old) => ({ commit: guestLink.delete({ order_id: id, hash: old }).commit() })),
    );
  }
  await writeTransaction(deps.db, ({ guestLink }) => [
    ...stale.map((old) => ({ commit: guestLink.delete({ order_id: id, hash: old }).commit() })),
    { commit: guestLink.create(guestLinkItem(id, hash, deps.clock().toISOString())).commit() },
  ]);
  return { order, token };
}

/** Every link of an order deleted (the guest's erasure). */
export async function deleteGuestLinks(deps: DataDeps, id: string): Promise<void> {
  const { data: links } = await deps.db.entities.guestLink.query
    .byOrder({ order_id: id })
    .go({ pages: "all" });
  if (links.length)
    await deps.db.entities.guestLink.delete(links.map(({ hash }) => ({ order_id: id, hash }))).go();
}
