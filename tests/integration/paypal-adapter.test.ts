/**
 * The PayPal adapter's refunds against the local double (Payments v2 `POST /v2/payments/captures/{id}/refund`):
 * full and partial refunds, PayPal-Request-Id idempotency, amounts above what is left refused, and the capture and
 * order PayPal shows afterwards.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaypalOrderRequest } from "../../functions/platform/adapters/paypal/bodies";
import { PaypalClient } from "../../functions/platform/adapters/paypal/client";
import type { PaypalError } from "../../functions/platform/adapters/paypal/error";
import { clearPaypalTokens } from "../../functions/platform/adapters/paypal/http";
import { type PaypalDouble, startPaypalDouble } from "../doubles/paypal";

let paypal: PaypalDouble;
let client: PaypalClient;

beforeAll(async () => {
  paypal = await startPaypalDouble();
  client = new PaypalClient({
    baseUrl: paypal.url,
    clientId: paypal.clientId,
    clientSecret: paypal.clientSecret,
  });
});
afterAll(async () => {
  await paypal.close();
  clearPaypalTokens();
});

const eur = (value: string) => ({ currency_code: "EUR" as const, value });

/** A captured PayPal order of 25.80 € (two soaps at 12.90 €, free shipping, no discount). */
async function capturedPayment(): Promise<{ orderId: string; captureId: string }> {
  const request: PaypalOrderRequest = {
    referenceId: `ORDER-${randomUUID()}`,
    description: "Savons d'Alep",
    amount: {
      ...eur("25.80"),
      breakdown: { item_total: eur("25.80"), shipping: eur("0.00"), discount: eur("0.00") },
    },
    items: [{ name: "Savon", quantity: "2", unit_amount: eur("12.90") }],
    shipping: {
      name: { full_name: "Marie Curie" },
      address: {
        address_line_1: "1 rue des Lilas",
        admin_area_2: "Lyon",
        postal_code: "69001",
        country_code: "FR",
      },
    },
  };
  const { id } = await client.createOrder(request, randomUUID());
  paypal.approve(id);
  const result = await client.captureOrder(id, randomUUID());
  const captureId = result.purchase_units[0]?.payments?.captures?.[0]?.id;
  if (!captureId) throw new Error("no capture");
  return { orderId: id, captureId };
}

const captureStatus = async (orderId: string) =>
  (await client.getOrder(orderId)).purchase_units[0]?.payments?.captures?.[0]?.status;

async function refusal(promise: Promise<unknown>): Promise<PaypalError> {
  try {
    await promise;
  } catch (error) {
    return error as PaypalError;
  }
  throw new Error("expected PayPal to refuse");
}

describe("refundCapture", () => {
  it("refunds a capture in full when no amount is given: the capture and the order show REFUNDED", async () => {
    const { orderId, captureId } = await capturedPayment();
    const refund = await client.refundCapture(captureId, {
      currency: "EUR",
      requestId: `refund-${captureId}`,
      noteToPayer: "Commande annulée",
    });
    expect(refund).toEqual({ id: expect.any(String), status: "COMPLETED", amountCents: 2580 });
    expect(paypal.refunds.filter((r) => r.captureId === captureId)).toEqual([
      expect.objectContaining({ id: refund.id, amountCents: 2580, noteToPayer: "Commande annulée" }),
    ]);
    expect(paypal.captures.get(captureId)?.status).toBe("REFUNDED");
    expect(await captureStatus(orderId)).toBe("REFUNDED");
    const order = await client.getOrder(orderId);
    expect(order.purchase_units[0]?.payments).toMatchObject({
      refunds: [{ id: refund.id, status: "COMPLETED", amount: { currency_code: "EUR", value: "25.80" } }],
    });
  });

  it("sends PayPal-Request-Id: the same id answers the same refund and never refunds twice", async () => {
    const { captureId } = await capturedPayment();
    const options = { amountCents: 500, currency: "EUR" as const, requestId: `retry-${captureId}` };
    const first = await client.refundCapture(captureId, options);
    const again = await client.refundCapture(captureId, options);
    expect(again).toEqual(first);
    expect(paypal.refunds.filter((r) => r.captureId === captureId)).toHaveLength(1);
    expect(paypal.refunds.find((r) => r.id === first.id)?.requestId).toBe(`retry-${captureId}`);
    expect(paypal.captures.get(captureId)?.status).toBe("PARTIALLY_REFUNDED");
  });

  it("adds partial refunds up: PARTIALLY_REFUNDED, then REFUNDED when nothing is left", async () => {
    const { orderId, captureId } = await capturedPayment();
    const first = await client.refundCapture(captureId, {
      amountCents: 1000,
      currency: "EUR",
      requestId: randomUUID(),
    });
    expect(first.amountCents).toBe(1000);
    expect(await captureStatus(orderId)).toBe("PARTIALLY_REFUNDED");
    const second = await client.refundCapture(captureId, {
      amountCents: 1290,
      currency: "EUR",
      requestId: randomUUID(),
    });
    expect(second.amountCents).toBe(1290);
    expect(await captureStatus(orderId)).toBe("PARTIALLY_REFUNDED");
    // No amount: what is left (2.90 €).
    const rest = await client.refundCapture(captureId, { currency: "EUR", requestId: randomUUID() });
    expect(rest.amountCents).toBe(290);
    expect(await captureStatus(orderId)).toBe("REFUNDED");
    expect(paypal.refunds.filter((r) => r.captureId === captureId).map((r) => r.amountCents)).toEqual([
      1000, 1290, 290,
    ]);
  });

  it("refuses more than what is left with 422 REFUND_AMOUNT_EXCEEDED and refunds nothing", async () => {
    const { orderId, captureId } = await capturedPayment();
    const tooMuch = await refusal(
      client.refundCapture(captureId, { amountCents: 2581, currency: "EUR", requestId: randomUUID() }),
    );
    expect(tooMuch).toMatchObject({ name: "PaypalError", status: 422, issue: "REFUND_AMOUNT_EXCEEDED" });
    await client.refundCapture(captureId, { amountCents: 2000, currency: "EUR", requestId: randomUUID() });
    const aboveRest = await refusal(
      client.refundCapture(captureId, { amountCents: 581, currency: "EUR", requestId: randomUUID() }),
    );
    expect(aboveRest).toMatchObject({ status: 422, issue: "REFUND_AMOUNT_EXCEEDED" });
    expect(paypal.refunds.filter((r) => r.captureId === captureId).map((r) => r.amountCents)).toEqual([2000]);
    expect(await captureStatus(orderId)).toBe("PARTIALLY_REFUNDED");
  });

  it("refuses a refund of a fully refunded capture (CAPTURE_FULLY_REFUNDED) and of an unknown capture (404)", async () => {
    const { captureId } = await capturedPayment();
    await client.refundCapture(captureId, { currency: "EUR", requestId: randomUUID() });
    expect(
      await refusal(client.refundCapture(captureId, { currency: "EUR", requestId: randomUUID() })),
    ).toMatchObject({ status: 422, issue: "CAPTURE_FULLY_REFUNDED" });
    expect(
      await refusal(client.refundCapture("CAPNOTHERE", { currency: "EUR", requestId: randomUUID() })),
    ).toMatchObject({ status: 404, issue: "INVALID_RESOURCE_ID" });
  });

  it("refuses an amount that is not a positive number of cents before calling PayPal", async () => {
    const { captureId } = await capturedPayment();
    const calls = paypal.calls.length;
    for (const amountCents of [0, -100, 12.5]) {
      await expect(
        client.refundCapture(captureId, { amountCents, currency: "EUR", requestId: randomUUID() }),
      ).rejects.toThrow(RangeError);
    }
    expect(paypal.calls.length).toBe(calls);
  });

  it("shows the capture through GET /v2/payments/captures/{id} with its refunded status", async () => {
    const { captureId } = await capturedPayment();
    await client.refundCapture(captureId, { amountCents: 80, currency: "EUR", requestId: randomUUID() });
    const token = await client.accessToken();
    const response = await fetch(`${paypal.url}/v2/payments/captures/${captureId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await response.json()).toMatchObject({
      id: captureId,
      status: "PARTIALLY_REFUNDED",
      amount: { currency_code: "EUR", value: "25.80" },
    });
  });
});
