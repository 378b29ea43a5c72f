/**
 * docs/decisions/026-stock-alerts-and-waitlist.md. Each waiting request is claimed by a conditional write before
 * its mail is sent, so two restocks at once never tell anyone twice. Links name the request and a secret, never the
 * e-mail.
 */
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import type { EntityItem } from "electrodb";
import {
  parseWaitlistToken,
  WAITLIST_KEEP_DAYS,
  WAITLIST_PENDING_DAYS,
  waitlistToken,
} from "../../src/domain/catalog/stock-alerts";
import { DomainError } from "../../src/domain/errors";
import { rateLimits } from "../../src/domain/rate-limit";
import type { WaitlistRequest } from "../../src/domain/waitlist/waitlist-schemas";
import type { AccountMailDeps } from "../accounts/auth";
import { allProducts, findProduct } from "../catalog/product-reads";
import { backInStockMail, waitlistConfirmMail } from "../catalog/stock-mails";
import { randomSecret } from "../platform/adapters/ids";
import { isConditionFailure } from "../platform/db/errors";
import type { DataDeps, Deps } from "../platform/deps";
import { countAttempt } from "../platform/throttle";
import { getSetting } from "../settings/service";
import type { WaitlistEntity } from "./entity";
import { waitlistEntity } from "./entity";

export type WaitlistRecord = EntityItem<WaitlistEntity>;

const DAY_MS = 86_400_000;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export const emailKeyOf = (email: string) => sha256(email);

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function expiry(now: Date, days: number) {
  const at = new Date(now.getTime() + days * DAY_MS);
  return { expires_at: at.toISOString(), expires_at_ttl: Math.ceil(at.getTime() / 1000) + DAY_MS / 1000 };
}

const isLive = (record: WaitlistRecord, now: Date) => Date.parse(record.expires_at) > now.getTime();

/** Nothing about the e-mail is read or said; the rest runs after the answer. */
export async function requestWaitlist(deps: Deps, input: WaitlistRequest): Promise<void> {
  const product = await findProduct(deps, input.product_id);
  if (!product?.is_active) throw new DomainError("PRODUCT_NOT_FOUND");
  if (product.stock > 0)
    throw new DomainError("CONFLICT", "Ce produit est en stock : vous pouvez le commander dès maintenant.");
  deps.accountMail.request({
    kind: "waitlist-signup",
    product_id: input.product_id,
    email: input.email,
    requested_at: deps.clock().toISOString(),
  });
}

function links(
  deps: Pick<Deps, "siteUrl">,
  productId: number,
  emailKey: string,
  secrets: { confirm?: string; unsubscribe: string },
) {
  const page = `${deps.siteUrl}/liste-d-attente`;
  return {
    confirm: secrets.confirm
      ? `${page}?confirmer=${encodeURIComponent(waitlistToken(productId, emailKey, secrets.confirm))}`
      : "",
    unsubscribe: `${page}?desinscrire=${encodeURIComponent(waitlistToken(productId, emailKey, secrets.unsubscribe))}`,
    product: `${deps.siteUrl}/product/${productId}`,
  };
}

/** A confirmed shopper gets nothing more; a renewal keeps the first request's place. */
export async function signUpForWaitlist(
  deps: AccountMailDeps,
  productId: number,
  email: string,
): Promise<void> {
  const now = deps.clock();
  const key = { product_id: productId, email_key: emailKeyOf(email) };
  const [{ data: existing }, product] = await Promise.all([
    waitlistEntity(deps.db).get(key).go({ consistent: true }),
    findProduct(deps, productId),
  ]);
  if (!product) return;
  const live = existing && isLive(existing, now) ? existing : null;
  if (live?.confirmed_at) return;
  const attempt = await countAttempt(deps, [
    { scope: "waitlist-mails", subject: email, rule: rateLimits.waitlistMailsPerEmail },
  ]);
  if (!attempt.allowed) return;
  if (!deps.siteUrl)
    throw new Error("SITE_URL is not configured: the confirmation link would have no origin.");
  const confirm = randomSecret(24);
  const unsubscribe = live?.unsubscribe_secret ?? randomSecret(24);
  try {
    await waitlistEntity(deps.db)
      .put({
        ...key,
        email,
        requested_at: live?.requested_at ?? now.toISOString(),
        confirm_hash: sha256(confirm),
        unsubscribe_secret: unsubscribe,
        ...expiry(now, WAITLIST_PENDING_DAYS),
      })
      // A request confirmed meanwhile (by an earlier link) is kept as it is.
      .where(({ confirmed_at }, { notExists }) => notExists(confirmed_at))
      .go();
  } catch (error) {
    if (isConditionFailure(error)) return;
    throw error;
  }
  const company = await getSetting(deps, "company_info");
  await deps.mailer.send(
    waitlistConfirmMail(
      email,
      company.name,
      product.name,
      links(deps, productId, key.email_key, { confirm, unsubscribe }),
    ),
  );
}

const expiredLink = () =>
  new DomainError(
    "NOT_FOUND",
    "Ce lien n'est plus valable. Demandez à nouveau à être prévenu(e) depuis la page du produit.",
  );

/** Following it twice is fine. */
export async function confirmWaitlist(
  deps: DataDeps,
  token: string,
): Promise<{ product_id: number; product_name: string }> {
  const parsed = parseWaitlistToken(token);
  if (!parsed) throw expiredLink();
  const now = deps.clock();
  const key = { product_id: parsed.productId, email_key: parsed.emailKey };
  const { data: request } = await waitlistEntity(deps.db).get(key).go({ consistent: true });
  if (!request || !isLive(request, now) || !sameSecret(request.confirm_hash, sha256(parsed.secret)))
    throw expiredLink();
  const product = await findProduct(deps, parsed.productId);
  if (!request.confirmed_at) {
    try {
      await waitlistEntity(deps.db)
        .patch(key)
        .set({ confirmed_at: now.toISOString(), ...expiry(now, WAITLIST_KEEP_DAYS) })
        .where(({ confirm_hash }, { eq }) => eq(confirm_hash, request.confirm_hash))
        .go();
    } catch (error) {
      if (isConditionFailure(error)) throw expiredLink();
      throw error;
    }
  }
  return { product_id: parsed.productId, product_name: product?.name ?? "" };
}

/** The same answer for a request already gone: the shopper gets no mail either way. */
export async function unsubscribeWaitlist(deps: DataDeps, token: string): Promise<void> {
  const parsed = parseWaitlistToken(token);
  if (!parsed) throw new DomainError("NOT_FOUND", "Ce lien de désinscription est invalide.");
  const key = { product_id: parsed.productId, email_key: parsed.emailKey };
  const { data: request } = await waitlistEntity(deps.db).get(key).go({ consistent: true });
  if (!request || !sameSecret(request.unsubscribe_secret, parsed.secret)) return;
  await waitlistEntity(deps.db)
    .delete(key)
    .where(({ unsubscribe_secret }, { eq }) => eq(unsubscribe_secret, parsed.secret))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

export async function waitingFor(deps: DataDeps, productId: number): Promise<WaitlistRecord[]> {
  const now = deps.clock();
  const { data } = await waitlistEntity(deps.db)
    .query.byProduct({ product_id: productId })
    .go({ pages: "all", consistent: true });
  return data
    .filter((request) => request.confirmed_at && !request.notified_at && isLive(request, now))
    .sort((a, b) => a.requested_at.localeCompare(b.requested_at) || a.email_key.localeCompare(b.email_key));
}

/**
 * A request claimed by a concurrent restock is skipped and the next one taken, so restocks of 2 and 3 units tell 5
 * shoppers, never one twice. A failed mail gives its claim back and fails the message: the queue tries again.
 */
export async function notifyWaitlist(
  deps: AccountMailDeps,
  productId: number,
  units: number,
): Promise<string[]> {
  const product = await findProduct(deps, productId);
  if (!product?.is_active || product.stock <= 0) return [];
  const waiting = await waitingFor(deps, productId);
  if (!waiting.length) return [];
  const company = await getSetting(deps, "company_info");
  const told: string[] = [];
  for (const request of waiting) {
    if (told.length >= units) break;
    const key = { product_id: productId, email_key: request.email_key };
    // The SDK's retry of a claim whose answer was lost finds its own mark. An id, not the
    // instant: two restocks may claim within the same millisecond.
    const claimId: string = randomUUID();
    try {
      await waitlistEntity(deps.db)
        .patch(key)
        .set({ notified_at: deps.clock().toISOString(), claim_id: claimId })
        .where(
          ({ confirmed_at, notified_at, claim_id }, { eq, exists, notExists }) =>
            `${exists(confirmed_at)} AND (${notExists(notified_at)} OR ${eq(claim_id, claimId)})`,
        )
        .go();
    } catch (error) {
      if (isConditionFailure(error)) continue; // another restock's, or unsubscribed meanwhile
      throw error;
    }
    try {
      await deps.mailer.send(
        backInStockMail(
          request.email,
          company.name,
          product.name,
          links(deps, productId, request.email_key, { unsubscribe: request.unsubscribe_secret }),
        ),
      );
    } catch (error) {
      await waitlistEntity(deps.db)
        .patch(key)
        .remove(["notified_at", "claim_id"])
        .go()
        .catch(() => undefined);
      throw error;
    }
    // Told: the request has served its purpose (the privacy notice says it is deleted then).
    await waitlistEntity(deps.db).delete(key).go();
    told.push(request.email);
  }
  return told;
}

export async function waitlistCounts(deps: DataDeps): Promise<Record<string, number>> {
  const products = await allProducts(deps);
  const counts = await Promise.all(
    products.map(
      async (product) => [String(product.id), (await waitingFor(deps, product.id)).length] as const,
    ),
  );
  return Object.fromEntries(counts.filter(([, count]) => count > 0));
}

/** By e-mail (GDPR access and erasure): one read per product of the catalogue. */
export async function waitlistRequestsOf(deps: DataDeps, email: string): Promise<WaitlistRecord[]> {
  const products = await allProducts(deps);
  if (!products.length) return [];
  const emailKey = emailKeyOf(email);
  const { data } = await waitlistEntity(deps.db)
    .get(products.map((product) => ({ product_id: product.id, email_key: emailKey })))
    .go();
  return data;
}

export async function eraseWaitlistRequests(deps: DataDeps, email: string): Promise<void> {
  const requests = await waitlistRequestsOf(deps, email);
  if (requests.length)
    await waitlistEntity(deps.db)
      .delete(requests.map(({ product_id, email_key }) => ({ product_id, email_key })))
      .go();
}
