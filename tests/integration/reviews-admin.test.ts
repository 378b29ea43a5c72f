/**
 * The owner's side of reviews beyond moderation: every published review reachable (to answer it, to read its
 * reports), and the waiting reviews on the to-do list and in the daily summary mail.
 */
import { describe, expect, it } from "vitest";
import { openSession } from "../../functions/accounts/auth";
import { runDailySummary } from "../../functions/admin/daily-summary";
import { publishReview } from "../../functions/reviews/moderation";
import { reviewsAwaiting } from "../../functions/reviews/pending-count";
import { createReview } from "../../functions/reviews/service";
import type { OwnerTodo } from "../../src/domain/admin/owner-todo/list";
import { MODERATION_DAYS } from "../../src/domain/reviews/moderation-words";
import { createTestContext } from "../setup/test-db";
import {
  apiCaller,
  createCustomer,
  markDelivered,
  placeTransferOrder,
  type TestCustomer,
} from "../support/customers";
import { readMails } from "../support/mail";
import { createSoap } from "../support/products";
import { SHOP_COMPANY } from "../support/shop-setup";

const DAY = 86_400_000;
let now = new Date("2026-10-01T10:00:00.000Z");
const ctx = await createTestContext({ now: () => now });
const adminAccount = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const admin = async (...args: Parameters<TestCustomer["call"]>) =>
  apiCaller(ctx.app, await openSession(ctx.deps, adminAccount.id))(...args);

const review = { rating: 2, title: "Un peu sec", text: "Il dessèche un peu la peau.", shown_name: "Léa B." };

/** A delivered order of one soap by a new customer, and her review of it, submitted at `now`. */
async function reviewed(title = review.title) {
  const customer = await createCustomer(ctx.deps, ctx.app);
  const soap = await createSoap(ctx.deps, { price: 10, stock: 10 });
  const order = await placeTransferOrder(customer, soap.id, 1, 17.8);
  await markDelivered({ call: admin }, order.id);
  await createReview(ctx.deps, order.id, soap.id, { userId: customer.id }, { ...review, title });
  return { order_id: order.id, product_id: soap.id };
}

async function todo(): Promise<OwnerTodo> {
  const response = await admin("GET", "/api/admin/todo");
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as OwnerTodo;
}

async function listed(query = "") {
  const response = await admin("GET", `/api/admin/reviews${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { reviews: { order_id: string; status: string; reports: number }[] })
    .reviews;
}

describe("the waiting reviews on the to-do list", () => {
  it("counts them, and those waiting longer than the published delay; a published one leaves it", async () => {
    expect((await todo()).reviews).toBeNull();
    const old = await reviewed("Ancien");
    now = new Date(now.getTime() + (MODERATION_DAYS + 1) * DAY);
    const recent = await reviewed("Récent");
    expect(await reviewsAwaiting(ctx.deps)).toHaveLength(2);
    const list = await todo();
    expect(list.reviews).toEqual({ count: 2, overdue: 1 });
    expect(list.count).toBeGreaterThanOrEqual(2);
    await publishReview(ctx.deps, old, 1);
    expect((await todo()).reviews).toEqual({ count: 1, overdue: 0 });
    await publishReview(ctx.deps, recent, 1);
    expect((await todo()).reviews).toBeNull();
  });

  it("are named in the daily summary mail, with the overdue ones", async () => {
    await reviewed("En retard");
    now = new Date("2026-11-25T07:30:00.000Z");
    expect((await runDailySummary(ctx.deps)).outcome).toBe("sent");
    const mail = readMails(ctx.mailDir).find((entry) => entry.to === SHOP_COMPANY.email);
    expect(mail?.text).toContain("Avis à modérer (1)");
    expect(mail?.text).toContain(
      `1 avis en attente de modération, dont 1 depuis plus de ${MODERATION_DAYS} jours`,
    );
    expect(mail?.text).toContain("/admin#avis");
  });
});

describe("GET /api/admin/reviews?status=published", () => {
  it("lists every published review, reported or not, newest first; without it, only what waits", async () => {
    const first = await reviewed("Premier");
    const second = await reviewed("Second");
    const waiting = await reviewed("En attente");
    await publishReview(ctx.deps, first, 1);
    now = new Date(now.getTime() + 60_000);
    await publishReview(ctx.deps, second, 1);
    const published = await listed("?status=published");
    const ids = published.map((entry) => entry.order_id);
    expect(ids.indexOf(second.order_id)).toBeLessThan(ids.indexOf(first.order_id));
    expect(ids.indexOf(first.order_id)).toBeGreaterThanOrEqual(0);
    expect(ids).not.toContain(waiting.order_id);
    expect(published.every((entry) => entry.status === "published")).toBe(true);
    const toModerate = (await listed()).map((entry) => entry.order_id);
    expect(toModerate).toContain(waiting.order_id);
    expect(toModerate).not.toContain(first.order_id);
  });

  it("refuses an unknown filter with a French 400, and a customer with a 403", async () => {
    const response = await admin("GET", "/api/admin/reviews?status=refused");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Filtre d'avis inconnu");
    const customer = await createCustomer(ctx.deps, ctx.app);
    expect((await customer.call("GET", "/api/admin/reviews?status=published")).status).toBe(403);
  });
});
