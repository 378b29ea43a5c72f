/**
 * Reviews and personal data (docs/decisions/053-reviews.md): the export lists the person's reviews with their status
 * and dates, and her refusal of invitations; erasure deletes her reviews (the pages are published again when a
 * published one goes) and her refusal, as it lifts SES's refusal of her address.
 */
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { sitePublishStatus } from "../../functions/publishing/publishing";
import { reviewEntity } from "../../functions/reviews/entity";
import { reviewOptOutEntity } from "../../functions/reviews/invitation-entity";
import { sendReviewInvitations } from "../../functions/reviews/invitations";
import { publishReview } from "../../functions/reviews/moderation";
import { emailHash } from "../../functions/reviews/opt-outs";
import { createReview } from "../../functions/reviews/service";
import { guestUserId } from "../../src/domain/accounts/guest-account";
import type { Order } from "../../src/domain/orders/order";
import { createTestContext } from "../setup/test-db";
import { anonymousCaller } from "../support/client-addresses";
import {
  createCustomer,
  markDelivered,
  placeGuestTransferOrder,
  placeTransferOrder,
} from "../support/customers";
import { readMails } from "../support/mail";
import { createSoap } from "../support/products";

let now = new Date("2026-10-01T08:00:00.000Z");
const ctx = await createTestContext({ now: () => now });
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const anonymous = anonymousCaller(ctx.app, "198.51.100");

const written = {
  rating: 2,
  title: "Trop parfumé",
  text: "Le parfum de laurier est trop fort pour moi.",
  shown_name: "Marie D.",
};

async function deliver(order: Order): Promise<Order> {
  now = new Date("2026-10-04T09:30:00.000Z");
  const delivered = await markDelivered(admin, order.id);
  now = new Date("2026-10-12T10:30:00.000Z");
  return delivered;
}

/** Her invitation sent, and its opt-out link clicked. */
async function optedOut(order: Order): Promise<void> {
  await sendReviewInvitations(ctx.deps);
  const mail = readMails(ctx.mailDir).find((candidate) =>
    candidate.subject.includes(`votre avis sur votre commande n° ${order.order_number}`),
  );
  const token = /#jeton=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1] ?? "";
  const response = await ctx.app.request(`/api/reviews/invitations/opt-out/${token}`, { method: "POST" });
  expect(response.status, await response.clone().text()).toBe(200);
}

const reviewsOf = async (userId: string) =>
  (await reviewEntity(ctx.db).query.byAuthor({ user_id: userId }).go()).data;
const optOutOf = async (email: string) =>
  (
    await reviewOptOutEntity(ctx.db)
      .get({ email_hash: emailHash(email) })
      .go()
  ).data;

async function exported(response: Response) {
  expect(response.status, response.status === 200 ? "" : await response.clone().text()).toBe(200);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return JSON.parse(new TextDecoder().decode(files["donnees.json"])) as {
    reviews: Record<string, unknown>[];
    review_invitations_refused_at: string | null;
  };
}

describe("a customer's reviews", () => {
  it("are in her export with their status and dates, and her erasure deletes them and her refusal", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const a = await createSoap(ctx.deps, { price: 10, stock: 10 });
    const b = await createSoap(ctx.deps, { price: 10, stock: 10 });
    const first = await deliver(await placeTransferOrder(customer, a.id, 1, 17.8));
    now = new Date("2026-10-02T08:00:00.000Z");
    const second = await deliver(await placeTransferOrder(customer, b.id, 1, 17.8));
    await optedOut(second);
    await createReview(ctx.deps, first.id, a.id, { userId: customer.id }, written);
    await createReview(ctx.deps, second.id, b.id, { userId: customer.id }, { ...written, rating: 5 });
    now = new Date("2026-10-13T10:30:00.000Z");
    await publishReview(ctx.deps, { order_id: first.id, product_id: a.id }, 1);
    // Someone else's review stays out of her export, and stays after her erasure.
    const other = await createCustomer(ctx.deps, ctx.app);
    const theirs = await deliver(await placeTransferOrder(other, a.id, 1, 17.8));
    await createReview(ctx.deps, theirs.id, a.id, { userId: other.id }, written);

    const data = await exported(await customer.call("GET", "/api/user/data-export"));
    expect(data.reviews).toHaveLength(2);
    expect(data.reviews).toContainEqual(
      expect.objectContaining({
        order_id: first.id,
        product_id: a.id,
        ...written,
        status: "published",
        experienced_at: "2026-10-04T09:30:00.000Z",
        submitted_at: "2026-10-12T10:30:00.000Z",
        published_at: "2026-10-13T10:30:00.000Z",
        moderated_at: "2026-10-13T10:30:00.000Z",
      }),
    );
    expect(data.reviews).toContainEqual(
      expect.objectContaining({ order_id: second.id, status: "pending", published_at: null }),
    );
    expect(data.review_invitations_refused_at).toBe("2026-10-12T10:30:00.000Z");
    expect(JSON.stringify(data)).not.toContain(theirs.id);

    now = new Date("2026-10-14T10:30:00.000Z");
    const before = (await sitePublishStatus(ctx.deps)).requested_at;
    const erased = await customer.call("POST", "/api/user/account/delete", { password: "secret12" });
    expect(erased.status, await erased.clone().text()).toBe(200);
    expect(await reviewsOf(customer.id)).toEqual([]);
    expect(await optOutOf(customer.email)).toBeNull();
    // A published review went: the pages are built again without it.
    const status = await sitePublishStatus(ctx.deps);
    expect(status.requested_at).not.toBe(before);
    expect(status.requested_at).toBe("2026-10-14T10:30:00.000Z");
    expect(await reviewsOf(other.id)).toHaveLength(1);
  });
});

describe("a guest's reviews", () => {
  it("are in the export of her « Mes données » link, and its erasure deletes them and her refusal", async () => {
    const email = `avis-invitee-${Date.now()}@example.fr`;
    now = new Date("2026-10-01T08:00:00.000Z");
    const soap = await createSoap(ctx.deps, { price: 12.9, stock: 10 });
    const { order, access_token } = await placeGuestTransferOrder(anonymous, {
      productId: soap.id,
      total: 20.7,
      email,
    });
    await deliver(order);
    await optedOut(order);
    await createReview(ctx.deps, order.id, soap.id, { guestToken: access_token }, written);

    const asked = await anonymous("POST", "/api/guest/personal-data/request", { email });
    expect(asked.status).toBe(202);
    await ctx.deps.accountMail.flush();
    const link = readMails(ctx.mailDir)
      .filter((mail) => mail.to === email)
      .map((mail) => /\/mes-donnees#jeton=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1])
      .find(Boolean);
    expect(link).toBeDefined();
    const token = link ?? "";

    const data = await exported(await anonymous("POST", "/api/guest/personal-data/export", { token }));
    expect(data.reviews).toEqual([
      expect.objectContaining({ order_id: order.id, product_id: soap.id, status: "pending", ...written }),
    ]);
    expect(data.review_invitations_refused_at).toBe("2026-10-12T10:30:00.000Z");

    const erased = await anonymous("POST", "/api/guest/personal-data/erase", { token });
    expect(erased.status, await erased.clone().text()).toBe(200);
    expect(await reviewsOf(guestUserId(email))).toEqual([]);
    expect((await reviewEntity(ctx.db).query.byOrder({ order_id: order.id }).go()).data).toEqual([]);
    expect(await optOutOf(email)).toBeNull();
  });
});
