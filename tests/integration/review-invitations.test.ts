/**
 * The review invitation (docs/decisions/053-reviews.md): one e-mail per delivered order, the owner's number of days
 * after the delivery and not 30 days later, never to an address that opted out or that SES refused, sent once even
 * by two runs at once; its one-click opt-out.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordSuppression } from "../../functions/mail/suppressions";
import { reviewInvitationEntity, reviewOptOutEntity } from "../../functions/reviews/invitation-entity";
import { sendReviewInvitations } from "../../functions/reviews/invitations";
import { emailHash } from "../../functions/reviews/opt-outs";
import { createReview } from "../../functions/reviews/service";
import { putSetting } from "../../functions/settings/service";
import type { Order } from "../../src/domain/orders/order";
import {
  NOTHING_IN_EXCHANGE,
  OPT_OUT_LINK_INVALID,
  OPTED_OUT_MESSAGE,
} from "../../src/domain/reviews/invitation";
import { REVIEW_RULES_PATH } from "../../src/domain/reviews/review";
import { createTestContext } from "../setup/test-db";
import { anonymousCaller } from "../support/client-addresses";
import {
  createCustomer,
  markDelivered,
  placeGuestTransferOrder,
  placeTransferOrder,
  type TestCustomer,
} from "../support/customers";
import { readMails } from "../support/mail";
import { createSoap } from "../support/products";

let now = new Date("2026-10-01T08:00:00.000Z");
const ctx = await createTestContext({ now: () => now });
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const anonymous = anonymousCaller(ctx.app, "198.51.100");
const DAY = 86_400_000;
const at = (iso: string) => {
  now = new Date(iso);
};

async function deliver(order: Order, deliveredAt: string): Promise<Order> {
  at(deliveredAt);
  return markDelivered(admin, order.id);
}

/** A customer's order of one new soap, placed a few days before its delivery. */
async function customerOrder(customer: TestCustomer, deliveredAt: string): Promise<Order> {
  at(new Date(Date.parse(deliveredAt) - 3 * DAY).toISOString());
  const soap = await createSoap(ctx.deps, { price: 10, stock: 10 });
  return deliver(await placeTransferOrder(customer, soap.id, 1, 17.8), deliveredAt);
}

async function guestOrder(email: string, deliveredAt: string) {
  at(new Date(Date.parse(deliveredAt) - 3 * DAY).toISOString());
  const soap = await createSoap(ctx.deps, { price: 12.9, stock: 10 });
  const { order } = await placeGuestTransferOrder(anonymous, { productId: soap.id, total: 20.7, email });
  return { order: await deliver(order, deliveredAt), soap };
}

const invitationsOf = (order: Order) =>
  readMails(ctx.mailDir).filter((mail) =>
    mail.subject.includes(`votre avis sur votre commande n° ${order.order_number}`),
  );

/** The raw .eml of the order's invitation, for its headers. */
function rawInvitation(order: Order): string {
  const file = invitationsOf(order)[0]?.file ?? "";
  return readdirSync(ctx.mailDir).includes(file) ? readFileSync(join(ctx.mailDir, file), "utf8") : "";
}

const optOutToken = (order: Order) =>
  /\/avis-clients\/desinscription#jeton=([A-Za-z0-9_-]{43})/.exec(invitationsOf(order)[0]?.text ?? "")?.[1] ??
  "";

const optOut = (token: string, init: RequestInit = {}) =>
  ctx.app.request(`/api/reviews/invitations/opt-out/${token}`, { method: "POST", ...init });

const newCustomer = () => createCustomer(ctx.deps, ctx.app);

describe("the review invitation", () => {
  it("goes once the set days have passed since the delivery, with the order's link, the rules, nothing in exchange", async () => {
    const customer = await newCustomer();
    const order = await customerOrder(customer, "2026-10-04T09:30:00.000Z");
    at("2026-10-11T09:29:00.000Z");
    expect((await sendReviewInvitations(ctx.deps)).invited).not.toContain(order.id);
    expect(invitationsOf(order)).toEqual([]);
    at("2026-10-11T10:30:00.000Z");
    expect((await sendReviewInvitations(ctx.deps)).invited).toContain(order.id);
    const [mail, ...more] = invitationsOf(order);
    expect(more).toEqual([]);
    expect(mail?.to).toBe(customer.email);
    expect(mail?.text).toContain(order.items[0]?.product_name ?? "?");
    expect(mail?.text).toContain(`/orders/track/${order.id}?avis=1\n`);
    expect(mail?.text).toContain(NOTHING_IN_EXCHANGE);
    expect(mail?.text).toContain(REVIEW_RULES_PATH);
    expect(mail?.html).toContain("Donner mon avis");
    const token = optOutToken(order);
    expect(token).not.toBe("");
    const raw = rawInvitation(order);
    expect(raw).toContain(
      `\r\nList-Unsubscribe: <${ctx.deps.siteUrl}/api/reviews/invitations/opt-out/${token}>\r\n`,
    );
    expect(raw).toContain("\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n");
    // The next days' runs send nothing more.
    at("2026-10-12T10:30:00.000Z");
    expect((await sendReviewInvitations(ctx.deps)).invited).not.toContain(order.id);
    expect(invitationsOf(order)).toHaveLength(1);
  });

  it("is sent once when two runs go at the same time", async () => {
    const order = await customerOrder(await newCustomer(), "2026-10-04T09:30:00.000Z");
    at("2026-10-12T10:30:00.000Z");
    const [first, second] = await Promise.all([
      sendReviewInvitations(ctx.deps),
      sendReviewInvitations(ctx.deps),
    ]);
    expect(
      [...(first?.invited ?? []), ...(second?.invited ?? [])].filter((id) => id === order.id),
    ).toHaveLength(1);
    expect(invitationsOf(order)).toHaveLength(1);
  });

  it("never goes past 30 days after its day, so turning it on mails no old customer", async () => {
    const order = await customerOrder(await newCustomer(), "2026-10-04T09:30:00.000Z");
    at("2026-11-10T09:31:00.000Z");
    expect((await sendReviewInvitations(ctx.deps)).invited).not.toContain(order.id);
    expect(invitationsOf(order)).toEqual([]);
  });

  it("does not go when every product of the order is reviewed already", async () => {
    const customer = await newCustomer();
    const order = await customerOrder(customer, "2026-10-04T09:30:00.000Z");
    await createReview(
      ctx.deps,
      order.id,
      order.items[0]?.product_id ?? 0,
      { userId: customer.id },
      {
        rating: 4,
        title: "Bien",
        text: "Une mousse douce et fine.",
        shown_name: "Marie D.",
      },
    );
    at("2026-10-12T10:30:00.000Z");
    expect((await sendReviewInvitations(ctx.deps)).invited).not.toContain(order.id);
  });

  it("goes to a guest with her order's link, which opens the order's reviews", async () => {
    const email = `invitee-${Date.now()}@example.fr`;
    const { order } = await guestOrder(email, "2026-10-04T09:30:00.000Z");
    at("2026-10-12T10:30:00.000Z");
    expect((await sendReviewInvitations(ctx.deps)).invited).toContain(order.id);
    const [mail] = invitationsOf(order);
    expect(mail?.to).toBe(email);
    const token = new RegExp(`/orders/track/${order.id}\\?avis=1#acces=([A-Za-z0-9_-]{43})`).exec(
      mail?.text ?? "",
    )?.[1];
    expect(token).toBeDefined();
    const reviews = await anonymous("GET", `/api/reviews/orders/${order.id}`, undefined, {
      "x-order-token": token ?? "",
    });
    expect(reviews.status, await reviews.clone().text()).toBe(200);
  });

  it("never goes to an address SES refused", async () => {
    const customer = await newCustomer();
    const order = await customerOrder(customer, "2026-10-04T09:30:00.000Z");
    await recordSuppression(ctx.deps, { email: customer.email, reason: "bounce", at: now.toISOString() });
    at("2026-10-12T10:30:00.000Z");
    expect((await sendReviewInvitations(ctx.deps)).invited).not.toContain(order.id);
    expect(invitationsOf(order)).toEqual([]);
    // Not claimed either: nothing was sent.
    expect((await reviewInvitationEntity(ctx.db).get({ order_id: order.id }).go()).data).toBeNull();
  });

  it("is off at 0 days, and the setting's bounds are said in French", async () => {
    const order = await customerOrder(await newCustomer(), "2026-10-04T09:30:00.000Z");
    for (const value of [-1, 61, null, 2.5]) {
      const response = await admin.call("PUT", "/api/admin/settings/reviews", {
        value: { review_invitation_days: value },
      });
      expect(response.status).toBe(400);
      const { fields } = (await response.json()) as { fields: Record<string, string> };
      expect(fields.review_invitation_days).toMatch(/jour/);
    }
    const off = await admin.call("PUT", "/api/admin/settings/reviews", {
      value: { review_invitation_days: 0 },
    });
    expect(off.status, await off.clone().text()).toBe(200);
    at("2026-10-12T10:30:00.000Z");
    try {
      expect(await sendReviewInvitations(ctx.deps)).toEqual({ invited: [] });
      expect(invitationsOf(order)).toEqual([]);
    } finally {
      await putSetting(ctx.deps, "reviews", { review_invitation_days: 7 });
    }
  });
});

describe("the opt-out", () => {
  it("works by its link: a second click changes nothing, and no invitation goes to the address again", async () => {
    const customer = await newCustomer();
    const first = await customerOrder(customer, "2026-10-04T09:30:00.000Z");
    at("2026-10-12T10:30:00.000Z");
    await sendReviewInvitations(ctx.deps);
    const token = optOutToken(first);
    // A mail client's one-click unsubscribe (RFC 8058) posts a form.
    const clicked = await optOut(token, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(clicked.status, await clicked.clone().text()).toBe(200);
    expect(await clicked.json()).toEqual({ message: OPTED_OUT_MESSAGE });
    const stored = await reviewOptOutEntity(ctx.db)
      .get({ email_hash: emailHash(customer.email) })
      .go();
    expect(stored.data?.opted_out_at).toBe("2026-10-12T10:30:00.000Z");
    // Only a hash of the address is kept.
    expect(JSON.stringify(stored.data)).not.toContain(customer.email);

    at("2026-10-13T10:30:00.000Z");
    const again = await optOut(token);
    expect(again.status).toBe(200);
    const kept = await reviewOptOutEntity(ctx.db)
      .get({ email_hash: emailHash(customer.email) })
      .go();
    expect(kept.data?.opted_out_at).toBe("2026-10-12T10:30:00.000Z");

    const second = await customerOrder(customer, "2026-10-20T09:30:00.000Z");
    at("2026-10-28T10:30:00.000Z");
    expect((await sendReviewInvitations(ctx.deps)).invited).not.toContain(second.id);
    expect(invitationsOf(second)).toEqual([]);
  });

  it("answers a made-up or malformed link with a French 404, and opts nobody out", async () => {
    for (const token of ["A".repeat(43), "abc", "A".repeat(43).replace("A", "é")]) {
      const response = await optOut(encodeURIComponent(token));
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: OPT_OUT_LINK_INVALID });
    }
    const page = await ctx.app.request("/api/reviews/invitations/opt-out/", { method: "POST" });
    expect(page.status).toBe(404);
  });

  it("refuses another content type than JSON or a form", async () => {
    const response = await optOut("A".repeat(43), { headers: { "content-type": "text/plain" }, body: "x" });
    expect(response.status).toBe(415);
  });
});
