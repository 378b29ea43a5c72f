/**
 * Verified reviews (docs/decisions/053-reviews.md): only the customer of a delivered order may review its products,
 * once per product and order, even with submits at the same moment; a change goes back to moderation.
 */
import { describe, expect, it } from "vitest";
import { openSession } from "../../functions/accounts/auth";
import { sitePublishStatus } from "../../functions/publishing/publishing";
import { reviewEntity } from "../../functions/reviews/entity";
import {
  answerReview,
  MODERATION_DAYS,
  publishReview,
  refuseReview,
  reviewsToModerate,
} from "../../functions/reviews/moderation";
import {
  ALREADY_REVIEWED,
  changeReview,
  createReview,
  reviewsOfOrder,
  withdrawReview,
} from "../../functions/reviews/service";
import { DomainError } from "../../src/domain/errors";
import type { Order } from "../../src/domain/orders/order";
import { NOT_DELIVERED, NOT_IN_ORDER, RATING_MESSAGE } from "../../src/domain/reviews/review";
import { createTestContext } from "../setup/test-db";
import { anonymousCaller } from "../support/client-addresses";
import { apiCaller, createCustomer, placeGuestTransferOrder, type TestCustomer } from "../support/customers";
import { readMails } from "../support/mail";
import { createSoap } from "../support/products";

let now = new Date("2026-10-01T08:00:00.000Z");
const ctx = await createTestContext({ now: () => now });
const adminAccount = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const admin = {
  call: async (...args: Parameters<TestCustomer["call"]>) =>
    apiCaller(ctx.app, await openSession(ctx.deps, adminAccount.id))(...args),
};

const review = {
  rating: 5,
  title: "Très doux",
  text: "Mousse fine, peau pas tirée.",
  shown_name: "Marie D.",
};

async function placedOrder(customer: TestCustomer): Promise<{ order: Order; products: number[] }> {
  const a = await createSoap(ctx.deps, { price: 10, stock: 10 });
  const b = await createSoap(ctx.deps, { price: 10, stock: 10 });
  const response = await customer.call("POST", "/api/orders", {
    items: [
      { product_id: a.id, quantity: 3 },
      { product_id: b.id, quantity: 1 },
    ],
    shipping_address_id: customer.addressId,
    total_amount: 47.8,
    payment_method: "bank_transfer",
    transfer_sender_name: "Client",
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return { order: ((await response.json()) as { order: Order }).order, products: [a.id, b.id] };
}

async function moved(order: Order, body: object): Promise<Order> {
  const response = await admin.call("PUT", `/api/admin/orders/${order.id}`, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Order;
}

async function deliveredOrder(customer: TestCustomer) {
  const { order, products } = await placedOrder(customer);
  now = new Date("2026-10-04T09:30:00.000Z");
  const delivered = await moved(order, { payment_status: "completed", status: "delivered" });
  now = new Date("2026-10-10T08:00:00.000Z");
  return { order: delivered, products };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof DomainError ? { code: error.code, message: error.message } : error),
  );

describe("who may review", () => {
  it("the customer of a delivered order, for its products, dated by the delivery", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { order, products } = await deliveredOrder(customer);
    const written = await createReview(
      ctx.deps,
      order.id,
      products[1] as number,
      { userId: customer.id },
      review,
    );
    expect(written).toMatchObject({
      ...review,
      status: "pending",
      experienced_at: "2026-10-04T09:30:00.000Z",
      submitted_at: "2026-10-10T08:00:00.000Z",
      published_at: null,
    });
    expect(await reviewsOfOrder(ctx.deps, order.id, { userId: customer.id })).toEqual([written]);
  });

  it("not before delivery, not for a product the order lacks, not for someone else's order", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { order, products } = await placedOrder(customer);
    const [a] = products as [number, number];
    expect(await refusal(createReview(ctx.deps, order.id, a, { userId: customer.id }, review))).toEqual({
      code: "CONFLICT",
      message: NOT_DELIVERED,
    });
    const shipped = await moved(order, { payment_status: "completed", status: "shipped" });
    expect(
      await refusal(createReview(ctx.deps, shipped.id, a, { userId: customer.id }, review)),
    ).toMatchObject({
      message: NOT_DELIVERED,
    });
    await moved(shipped, { status: "delivered" });
    expect(
      await refusal(createReview(ctx.deps, order.id, 999_999, { userId: customer.id }, review)),
    ).toMatchObject({
      message: NOT_IN_ORDER,
    });
    const stranger = await createCustomer(ctx.deps, ctx.app);
    expect(await refusal(createReview(ctx.deps, order.id, a, { userId: stranger.id }, review))).toMatchObject(
      {
        code: "ORDER_NOT_FOUND",
      },
    );
    expect(
      await refusal(createReview(ctx.deps, order.id, a, { guestToken: "x".repeat(43) }, review)),
    ).toMatchObject({
      code: "ORDER_NOT_FOUND",
    });
    const { data } = await reviewEntity(ctx.db).query.byOrder({ order_id: order.id }).go();
    expect(data).toEqual([]);
  });
});

describe("one review per product and order", () => {
  it("10 submits at the same moment make one review; the others are told to change it instead", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { order, products } = await deliveredOrder(customer);
    const product = products[0] as number;
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        refusal(
          createReview(
            ctx.deps,
            order.id,
            product,
            { userId: customer.id },
            { ...review, title: `Titre ${index}` },
          ),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== null)).toEqual(
      Array(9).fill({ code: "CONFLICT", message: ALREADY_REVIEWED }),
    );
    const { data } = await reviewEntity(ctx.db).query.byOrder({ order_id: order.id }).go();
    expect(data).toHaveLength(1);
  });

  it("a change goes back to moderation; a withdrawal deletes it, and a new review may follow", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { order, products } = await deliveredOrder(customer);
    const product = products[0] as number;
    const access = { userId: customer.id };
    await createReview(ctx.deps, order.id, product, access, review);
    await reviewEntity(ctx.db)
      .patch({ order_id: order.id, product_id: product })
      .set({ status: "published", published_at: now.toISOString() })
      .go();
    now = new Date("2026-10-12T08:00:00.000Z");
    const changed = await changeReview(ctx.deps, order.id, product, access, { ...review, rating: 2 });
    expect(changed).toMatchObject({ rating: 2, status: "pending", submitted_at: "2026-10-12T08:00:00.000Z" });
    const stranger = await createCustomer(ctx.deps, ctx.app);
    expect(await refusal(withdrawReview(ctx.deps, order.id, product, { userId: stranger.id }))).toMatchObject(
      {
        code: "ORDER_NOT_FOUND",
      },
    );
    await withdrawReview(ctx.deps, order.id, product, access);
    expect(await reviewsOfOrder(ctx.deps, order.id, access)).toEqual([]);
    expect(await refusal(withdrawReview(ctx.deps, order.id, product, access))).toMatchObject({
      code: "REVIEW_NOT_FOUND",
    });
    expect(await refusal(changeReview(ctx.deps, order.id, product, access, review))).toMatchObject({
      code: "REVIEW_NOT_FOUND",
    });
    await createReview(ctx.deps, order.id, product, access, review);
    expect(await reviewsOfOrder(ctx.deps, order.id, access)).toHaveLength(1);
  });
});

describe("moderation", () => {
  async function pendingReview(change: Partial<typeof review> = {}) {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { order, products } = await deliveredOrder(customer);
    const key = { order_id: order.id, product_id: products[0] as number };
    await createReview(
      ctx.deps,
      key.order_id,
      key.product_id,
      { userId: customer.id },
      { ...review, ...change },
    );
    return { customer, key };
  }

  it("lists waiting reviews oldest first, flagged once older than the published delay", async () => {
    const { key } = await pendingReview();
    now = new Date(now.getTime() + (MODERATION_DAYS + 1) * 86_400_000);
    const waiting = (await reviewsToModerate(ctx.deps)).find((entry) => entry.order_id === key.order_id);
    expect(waiting).toMatchObject({ status: "pending", overdue: true });
  });

  it("publishes a one-star review like any other, on the version read, and asks for a publish", async () => {
    const { key } = await pendingReview({
      rating: 1,
      title: "Déçue",
      text: "Le savon a fondu en une semaine.",
    });
    const before = (await sitePublishStatus(ctx.deps)).requested_at ?? "";
    now = new Date(now.getTime() + 60_000);
    const published = await publishReview(ctx.deps, key, 1);
    expect(published).toMatchObject({
      status: "published",
      rating: 1,
      published_at: now.toISOString(),
      version: 2,
    });
    expect((await sitePublishStatus(ctx.deps)).requested_at).not.toBe(before);
    expect(await refusal(publishReview(ctx.deps, key, 1))).toMatchObject({ code: "REVIEW_CHANGED" });
  });

  it("refuses with a published reason, which the author receives by e-mail", async () => {
    const { customer, key } = await pendingReview({ title: "Appelez-moi au 06 12 34 56 78" });
    const refused = await refuseReview(ctx.deps, key, 1, "personal_data");
    expect(refused).toMatchObject({ status: "refused", refusal_reason: "personal_data" });
    const mail = readMails(ctx.mailDir).find(
      (entry) => entry.to === customer.email && entry.subject.includes("avis"),
    );
    expect(mail?.text).toContain("Motif : Données personnelles");
    expect(mail?.text).toContain("/avis-clients");
    expect(mail?.text).not.toContain("06 12 34 56 78");
    const changed = await changeReview(
      ctx.deps,
      key.order_id,
      key.product_id,
      { userId: customer.id },
      review,
    );
    expect(changed).toMatchObject({ status: "pending", refusal_reason: null });
  });

  it("answers once in public; an edit keeps the first answer's date", async () => {
    const { key } = await pendingReview();
    await publishReview(ctx.deps, key, 1);
    const first = now.toISOString();
    const answered = await answerReview(ctx.deps, key, 2, "Merci pour votre retour !");
    expect(answered).toMatchObject({ answer_text: "Merci pour votre retour !", answer_at: first });
    now = new Date(now.getTime() + 86_400_000);
    const edited = await answerReview(ctx.deps, key, 3, "Merci beaucoup pour votre retour !");
    expect(edited).toMatchObject({ answer_text: "Merci beaucoup pour votre retour !", answer_at: first });
    expect(await refusal(answerReview(ctx.deps, key, 3, "Encore"))).toMatchObject({ code: "REVIEW_CHANGED" });
  });
});

describe("over HTTP", () => {
  const anonymous = anonymousCaller(ctx.app, "198.51.100");

  it("a guest reviews by her order's link; without it, or with another order's, nothing is written", async () => {
    const soap = await createSoap(ctx.deps, { price: 12.9, stock: 10 });
    const { order, access_token } = await placeGuestTransferOrder(anonymous, {
      productId: soap.id,
      total: 20.7,
      email: `lina-${Date.now()}@example.fr`,
    });
    await moved(order, { payment_status: "completed", status: "delivered" });
    const path = `/api/reviews/orders/${order.id}/products/${soap.id}`;
    expect((await anonymous("POST", path, review)).status).toBe(404);
    const other = "A".repeat(43);
    expect((await anonymous("POST", path, review, { "x-order-token": other })).status).toBe(404);
    const written = await anonymous("POST", path, review, { "x-order-token": access_token });
    expect(written.status, await written.clone().text()).toBe(201);
    const listed = await anonymous("GET", `/api/reviews/orders/${order.id}`, undefined, {
      "x-order-token": access_token,
    });
    expect(((await listed.json()) as { reviews: unknown[] }).reviews).toHaveLength(1);
  });

  it("answers a French 400 for a rating outside 1-5 or a text too long, and keeps markup as text", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { order, products } = await deliveredOrder(customer);
    const path = `/api/reviews/orders/${order.id}/products/${products[0]}`;
    const zero = await customer.call("POST", path, { ...review, rating: 0 });
    expect(zero.status).toBe(400);
    expect(((await zero.json()) as { fields: Record<string, string> }).fields.rating).toBe(RATING_MESSAGE);
    const long = await customer.call("POST", path, { ...review, text: "x".repeat(2001) });
    expect(long.status).toBe(400);
    const marked = await customer.call("POST", path, { ...review, title: "<script>alert(1)</script>\u0007" });
    expect(marked.status).toBe(201);
    const { review: stored } = (await marked.json()) as { review: { title: string } };
    expect(stored.title).toBe("<script>alert(1)</script>");
  });

  it("shows published reviews without who wrote them; a report lands on the owner's list, limited per address", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { order, products } = await deliveredOrder(customer);
    const key = { order_id: order.id, product_id: products[0] as number };
    await createReview(ctx.deps, key.order_id, key.product_id, { userId: customer.id }, review);
    await publishReview(ctx.deps, key, 1);
    const response = await anonymous("GET", "/api/reviews/published");
    const { reviews } = (await response.json()) as { reviews: { id: string; product_id: number }[] };
    const shown = reviews.find((entry) => entry.product_id === key.product_id);
    expect(shown).toBeDefined();
    expect(JSON.stringify(reviews)).not.toContain(order.id);
    expect(JSON.stringify(reviews)).not.toContain(customer.email);
    const reporter = anonymousCaller(ctx.app, "203.0.113");
    const report = () =>
      reporter(
        "POST",
        `/api/reviews/published/${shown?.id}/reports`,
        { reason: "inappropriate" },
        {},
        "203.0.113.9",
      );
    for (let i = 0; i < 5; i++) expect((await report()).status).toBe(204);
    expect((await report()).status).toBe(429);
    const listed = (await reviewsToModerate(ctx.deps)).find((entry) => entry.order_id === key.order_id);
    expect(listed).toMatchObject({ status: "published", reports: 5, last_report_reason: "inappropriate" });
    expect(
      (
        await anonymous("POST", "/api/reviews/published/0123456789abcdef/reports", {
          reason: "inappropriate",
        })
      ).status,
    ).toBe(404);
  });
});

describe("the owner's « Avis » list over HTTP", () => {
  it("is the owner's only; moderates on the version read; refuses only for a published reason", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { order, products } = await deliveredOrder(customer);
    const productId = products[1] as number;
    await createReview(ctx.deps, order.id, productId, { userId: customer.id }, review);
    expect((await customer.call("GET", "/api/admin/reviews")).status).toBe(403);
    const listed = await admin.call("GET", "/api/admin/reviews");
    const { reviews } = (await listed.json()) as {
      reviews: { order_id: string; version: number; email: string }[];
    };
    const mine = reviews.find((entry) => entry.order_id === order.id);
    expect(mine).toMatchObject({ version: 1, email: customer.email });
    const base = `/api/admin/reviews/${order.id}/${productId}`;
    const negative = await admin.call("POST", `${base}/refuse`, { version: 1, reason: "negative" });
    expect(negative.status).toBe(400);
    expect(((await negative.json()) as { fields: Record<string, string> }).fields.reason).toBe(
      "Choisissez l'un des motifs de refus publiés.",
    );
    expect((await admin.call("POST", `${base}/publish`, { version: 1 })).status).toBe(200);
    const stale = await admin.call("POST", `${base}/refuse`, { version: 1, reason: "off_topic" });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { code: string }).code).toBe("REVIEW_CHANGED");
    const answered = await admin.call("PUT", `${base}/answer`, { version: 2, text: "Merci !" });
    expect(answered.status, await answered.clone().text()).toBe(200);
    expect(
      (await admin.call("POST", `/api/admin/reviews/${order.id}/999999/publish`, { version: 1 })).status,
    ).toBe(404);
  });
});
