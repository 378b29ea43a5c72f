import type { Hono } from "hono";
import { expect } from "vitest";
import { openSession } from "../../functions/accounts/auth";
import { createUser } from "../../functions/accounts/service";
import type { Deps } from "../../functions/platform/deps";
import type { Order } from "../../src/domain/orders/order";
import { FRENCH_ADDRESS } from "./addresses";

let counter = 0;

export interface TestCustomer {
  id: string;
  email: string;
  token: string;
  addressId: string;
  call: (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Response>;
}

/** Calls the API as the holder of `token` (a Bearer token), with a JSON body when one is given. */
export function apiCaller(
  app: Hono<never> | { request: Hono["request"] },
  token: string,
): TestCustomer["call"] {
  return (method, path, body, headers = {}) =>
    Promise.resolve(
      app.request(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined && { "content-type": "application/json" }),
          ...headers,
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    );
}

/** A signed-in customer with one address in France, calling the API with a Bearer token. */
export async function createCustomer(
  deps: Deps,
  app: Hono<never> | { request: Hono["request"] },
  options: { isAdmin?: boolean } = {},
): Promise<TestCustomer> {
  const email = `client-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.fr`;
  const { id } = await createUser(deps, {
    email,
    password: "secret12",
    fullName: `Client ${counter}`,
    isAdmin: options.isAdmin,
  });
  const token = await openSession(deps, id);
  const call = apiCaller(app, token);
  const address = await call("POST", "/api/user/addresses", FRENCH_ADDRESS);
  const { id: addressId } = (await address.json()) as { id: string };
  return { id, email, token, addressId, call };
}

/** A bank-transfer order of one product by `buyer`, through the API; fails the test unless it is placed (201). */
export async function placeTransferOrder(
  buyer: TestCustomer,
  productId: number,
  quantity: number,
  total: number,
  promoId?: string,
): Promise<Order> {
  const response = await buyer.call("POST", "/api/orders", {
    items: [{ product_id: productId, quantity }],
    shipping_address_id: buyer.addressId,
    total_amount: total,
    payment_method: "bank_transfer",
    transfer_sender_name: "Client",
    ...(promoId && { promo_code_id: promoId }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { order: Order }).order;
}

/** The owner marks an order paid and delivered, as her orders tab does; fails the test unless it moves (200). */
export async function markDelivered(owner: Pick<TestCustomer, "call">, orderId: string): Promise<Order> {
  const response = await owner.call("PUT", `/api/admin/orders/${orderId}`, {
    payment_status: "completed",
    status: "delivered",
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Order;
}

/** A guest's bank-transfer order of one product, delivered at home, through the API: the order and her link's token. */
export async function placeGuestTransferOrder(
  call: TestCustomer["call"],
  { productId, total, email }: { productId: number; total: number; email: string },
): Promise<{ order: Order; access_token: string }> {
  const response = await call("POST", "/api/guest/orders", {
    items: [{ product_id: productId, quantity: 1 }],
    total_amount: total,
    payment_method: "bank_transfer",
    transfer_sender_name: "Lina Moreau",
    guest: { email, address: FRENCH_ADDRESS },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { order: Order; access_token: string };
}
