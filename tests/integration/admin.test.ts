import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { productEntity } from "../../functions/catalog/product-entity";
import { createProduct } from "../../functions/catalog/service";
import { openPaypalSecret } from "../../functions/payments/paypal-secret";
import { settingEntity } from "../../functions/settings/entity";
import { SECRET_MASK } from "../../src/domain/admin/admin";
import { DEFAULT_PRODUCT_IMAGE } from "../../src/domain/catalog/product-rules";
import type { Order } from "../../src/domain/orders/order";
import { defaultSettings } from "../../src/domain/settings/settings";
import { createTestContext } from "../setup/test-db";
import { COMPLETE_COSMETICS } from "../support/cosmetics";
import { createCustomer, placeTransferOrder } from "../support/customers";
import { readMails } from "../support/mail";
import { PROMO_FORM } from "../support/promos";

const ctx = await createTestContext();
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const customer = await createCustomer(ctx.deps, ctx.app);

const soap = {
  name: "Savon admin",
  price: 10,
  weight: "200g",
  image: "/images/products/savon-premium.svg",
  description: "Un savon",
  stock: 20,
  low_stock_threshold: 5,
  benefits: ["Doux", "  ", ""],
  is_active: true,
  ...COMPLETE_COSMETICS,
};

/** Every route of the app under /api/admin, with made-up path parameters. */
function adminRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  return ctx.app.routes
    .filter(
      (route) =>
        route.method !== "ALL" && route.path.startsWith("/api/admin") && route.path !== "/api/admin/check",
    )
    .map((route) => ({
      method: route.method,
      path: route.path.replace(":key", "shipping").replace(/:\w+/g, "1"),
    }))
    .filter((route) => {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** A product of the soap above, with the fields the admin form fills left empty. */
const soapProduct = (overrides: Partial<typeof soap> = {}) =>
  createProduct(ctx.deps, {
    ...soap,
    ...overrides,
    benefits: [],
    long_description: "",
    category: "",
    ingredients: "",
    usage: "",
  });

describe("a product form left open while customers buy", () => {
  it("never puts sold units back on sale: an unchanged stock is not written, a changed one only if still current", async () => {
    const product = await soapProduct({ stock: 10 });
    const form = { ...soap, stock: 10, stock_loaded: 10 }; // what the owner's form shows when she opens it
    await placeTransferOrder(customer, product.id, 3, 37.8); // meanwhile, a customer buys 3

    const priceOnly = await admin.call("PUT", `/api/admin/products/${product.id}`, { ...form, price: 12 });
    expect(priceOnly.status).toBe(200);
    expect(await priceOnly.json()).toMatchObject({ price: 12, stock: 7 });

    const stale = await admin.call("PUT", `/api/admin/products/${product.id}`, { ...form, stock: 34 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({
      code: "STOCK_CHANGED",
      error: "Le stock a changé depuis l'ouverture du formulaire : 7 en stock.",
      stock: 7,
    });
    expect((await productEntity(ctx.db).get({ id: product.id }).go()).data?.stock).toBe(7);

    const deliberate = await admin.call("PUT", `/api/admin/products/${product.id}`, {
      ...form,
      stock: 34,
      stock_loaded: 7,
    });
    expect(await deliberate.json()).toMatchObject({ stock: 34 });
    const missing = await admin.call("PUT", `/api/admin/products/${product.id}`, soap);
    expect(missing.status).toBe(400);
  });
});

describe("the admin guard", () => {
  it("covers every admin route: 401 anonymous, 403 customer", async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(17);
    for (const { method, path } of routes) {
      const body = method === "GET" || method === "DELETE" ? undefined : "{}";
      const headers = { "content-type": "application/json" };
      const anonymous = await ctx.app.request(path, { method, headers, body });
      expect(anonymous.status, `${method} ${path} anonymous`).toBe(401);
      const asCustomer = await customer.call(method, path, body === undefined ? undefined : {});
      expect(asCustomer.status, `${method} ${path} as a customer`).toBe(403);
    }
  });

  it("answers /api/admin/check to anyone", async () => {
    expect(await (await ctx.app.request("/api/admin/check")).json()).toEqual({ isAdmin: false });
    expect(await (await customer.call("GET", "/api/admin/check")).json()).toEqual({ isAdmin: false });
    expect(await (await admin.call("GET", "/api/admin/check")).json()).toEqual({ isAdmin: true });
  });
});

describe("products", () => {
  it("creates with the form's rules: blank benefits dropped, next integer id, visible in the shop", async () => {
    const response = await admin.call("POST", "/api/admin/products", soap);
    expect(response.status).toBe(201);
    const product = (await response.json()) as { id: number; benefits: string[] };
    expect(product.benefits).toEqual(["Doux"]);
    expect(Number.isInteger(product.id)).toBe(true);
    expect((await ctx.app.request(`/api/products/${product.id}`)).status).toBe(200);
  });

  it("creates a product without an image URL: it shows the shop's illustration in the shop and on orders (issue 28 item 12)", async () => {
    const { image: _none, ...withoutImage } = soap;
    for (const body of [withoutImage, { ...soap, image: "  " }]) {
      const response = await admin.call("POST", "/api/admin/products", body);
      expect(response.status, await response.clone().text()).toBe(201);
      const { id } = (await response.json()) as { id: number };
      const page = (await (await ctx.app.request(`/api/products/${id}`)).json()) as { image: string };
      expect(page.image).toBe(DEFAULT_PRODUCT_IMAGE);
      const list = (await (await ctx.app.request("/api/products")).json()) as { id: number; image: string }[];
      expect(list.find((product) => product.id === id)?.image).toBe(DEFAULT_PRODUCT_IMAGE);
      const order = await placeTransferOrder(customer, id, 1, 17.8);
      expect(order.items[0]?.product_image).toBe(DEFAULT_PRODUCT_IMAGE);
    }
    // The illustration is a file the site serves, not a broken link.
    expect(existsSync(join(import.meta.dirname, "../../public", DEFAULT_PRODUCT_IMAGE))).toBe(true);
  });

  it.each([
    ["an image that is not a URL", { image: "savon.jpg" }, "image"],
    ["a negative stock", { stock: -1 }, "stock"],
    ["a fractional stock", { stock: 1.5 }, "stock"],
    ["an empty name", { name: " " }, "name"],
    ["a missing price", { price: undefined }, "price"],
  ])("refuses %s", async (_, change, field) => {
    const response = await admin.call("POST", "/api/admin/products", { ...soap, ...change });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields[field]).toBeTruthy();
  });

  it("edits, deactivates (hidden from the shop, still listed for the admin) and deletes", async () => {
    const created = await soapProduct();
    const edited = await admin.call("PUT", `/api/admin/products/${created.id}`, {
      ...soap,
      price: 11.5,
      stock: 0,
      stock_loaded: soap.stock,
      is_active: false,
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ price: 11.5, stock: 0, is_active: false });
    expect((await ctx.app.request(`/api/products/${created.id}`)).status).toBe(404);
    const all = (await (await admin.call("GET", "/api/admin/products")).json()) as { id: number }[];
    expect(all.map((p) => p.id)).toContain(created.id);
    expect((await admin.call("DELETE", `/api/admin/products/${created.id}`)).status).toBe(204);
    expect((await admin.call("DELETE", `/api/admin/products/${created.id}`)).status).toBe(404);
    expect(
      (await admin.call("PUT", `/api/admin/products/${created.id}`, { ...soap, stock_loaded: 0 })).status,
    ).toBe(404);
  });
});

describe("promo codes", () => {
  const promo = PROMO_FORM;

  it("forces the code to upper case, keeps nullables null, and refuses a duplicate code", async () => {
    const created = await admin.call("POST", "/api/admin/promo", promo);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      code: "NOEL",
      usage_limit: null,
      expires_at: null,
      usage_count: 0,
    });
    const duplicate = await admin.call("POST", "/api/admin/promo", { ...promo, code: " Noel " });
    expect(duplicate.status).toBe(409);
    expect(((await duplicate.json()) as { error: string }).error).toBe("Ce code promo existe déjà.");
  });

  it("renames a code, freeing the old one, and refuses a rename onto a taken code", async () => {
    const a = (await (await admin.call("POST", "/api/admin/promo", { ...promo, code: "ALPHA" })).json()) as {
      id: string;
    };
    await admin.call("POST", "/api/admin/promo", { ...promo, code: "BETA" });
    expect((await admin.call("PUT", `/api/admin/promo/${a.id}`, { ...promo, code: "BETA" })).status).toBe(
      409,
    );
    const renamed = await admin.call("PUT", `/api/admin/promo/${a.id}`, {
      ...promo,
      code: "GAMMA",
      usage_limit: 5,
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ code: "GAMMA", usage_limit: 5 });
    expect((await admin.call("POST", "/api/admin/promo", { ...promo, code: "ALPHA" })).status).toBe(201);
  });

  it.each([
    ["a percentage over 100", { discount_value: 120 }, "discount_value"],
    ["a usage limit of 0", { usage_limit: 0 }, "usage_limit"],
    ["an expiry before the start", { expires_at: "2025-01-01T00:00:00.000Z" }, "expires_at"],
    ["a usage count from the form", { usage_count: 99 }, "_"],
  ])("refuses %s", async (_, change, field) => {
    const response = await admin.call("POST", "/api/admin/promo", { ...promo, code: "ERREUR", ...change });
    expect(response.status).toBe(400);
    const fields = ((await response.json()) as { fields: Record<string, string> }).fields;
    expect(fields[field]).toBeTruthy();
  });

  it("lists the usage history with the amount saved and the order", async () => {
    const product = await soapProduct();
    const created = (await (
      await admin.call("POST", "/api/admin/promo", {
        ...promo,
        code: "HISTO",
        discount_type: "fixed_amount",
        discount_value: 2,
      })
    ).json()) as { id: string };
    const response = await customer.call("POST", "/api/orders", {
      items: [{ product_id: product.id, quantity: 1 }],
      shipping_address_id: customer.addressId,
      promo_code_id: created.id,
      total_amount: 15.8,
      payment_method: "bank_transfer",
      transfer_sender_name: "Client",
    });
    const { order } = (await response.json()) as { order: Order };
    const usage = await (await admin.call("GET", `/api/admin/promo/${created.id}/usage`)).json();
    expect(usage).toEqual([
      expect.objectContaining({ user_id: customer.id, discount_amount: 2, order_id: order.id }),
    ]);
    const summary = await (await admin.call("GET", `/api/admin/users/${customer.id}/summary`)).json();
    expect(summary).toEqual({ id: customer.id, email: customer.email, full_name: expect.any(String) });
  });
});

describe("orders", () => {
  it("cancels once: two admins cancelling at the same moment give the stock back once", async () => {
    const product = await soapProduct({ stock: 10 });
    const order = await placeTransferOrder(customer, product.id, 3, 37.8);
    expect((await productEntity(ctx.db).get({ id: product.id }).go()).data?.stock).toBe(7);
    const answers = await Promise.all([
      admin.call("PUT", `/api/admin/orders/${order.id}`, { status: "cancelled" }),
      admin.call("PUT", `/api/admin/orders/${order.id}`, { status: "cancelled" }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect((await admin.call("PUT", `/api/admin/orders/${order.id}`, { status: "cancelled" })).status).toBe(
      200,
    );
    expect((await productEntity(ctx.db).get({ id: product.id }).go()).data?.stock).toBe(10);
    const reopened = await admin.call("PUT", `/api/admin/orders/${order.id}`, { status: "confirmed" });
    expect(reopened.status).toBe(409);
  });

  it("keeps the status history and mails the customer when the order is shipped with Colissimo", async () => {
    const product = await soapProduct();
    const order = await placeTransferOrder(customer, product.id, 1, 17.8);
    await admin.call("PUT", `/api/admin/orders/${order.id}`, {
      status: "confirmed",
      payment_status: "completed",
    });
    const shipped = await admin.call("PUT", `/api/admin/orders/${order.id}`, {
      status: "shipped",
      shipping_company: "Colissimo",
      tracking_number: "6A12345678901",
      estimated_delivery: "2026-11-26",
      shipping_notes: "Remis au bureau de poste",
    });
    expect(shipped.status).toBe(200);
    const body = (await shipped.json()) as Order;
    expect(body).toMatchObject({
      status: "shipped",
      payment_status: "completed",
      tracking_number: "6A12345678901",
    });
    expect(body.status_history.map((h) => h.status)).toEqual(["pending", "confirmed", "shipped"]);
    const mail = readMails(ctx.mailDir).findLast(
      (m) => m.to === customer.email && m.subject.includes("en route"),
    );
    expect(mail?.text).toContain("6A12345678901");
    expect(mail?.text).toContain("https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901");
    // The customer sees the tracking details on their own order.
    const own = (await (await customer.call("GET", `/api/user/orders/${order.id}`)).json()) as Order;
    expect(own).toMatchObject({ shipping_company: "Colissimo", estimated_delivery: "2026-11-26" });
  });

  it("lists orders newest first, page by page", async () => {
    const first = (await (await admin.call("GET", "/api/admin/orders?limit=2")).json()) as {
      orders: Order[];
      next_cursor: string | null;
    };
    expect(first.orders).toHaveLength(2);
    expect(first.next_cursor).toBeTruthy();
    const second = (await (
      await admin.call(
        "GET",
        `/api/admin/orders?limit=2&cursor=${encodeURIComponent(first.next_cursor ?? "")}`,
      )
    ).json()) as { orders: Order[] };
    expect((second.orders[0]?.created_at ?? "") <= (first.orders[1]?.created_at ?? "")).toBe(true);
    expect(second.orders.map((o) => o.id)).not.toContain(first.orders[0]?.id);
  });

  it("answers 404 for an unknown order", async () => {
    expect(
      (await admin.call("PUT", "/api/admin/orders/01ZZZZZZZZZZZZZZZZZZZZZZZZ", { status: "shipped" })).status,
    ).toBe(404);
  });
});

describe("statistics", () => {
  it("follow orders, payments and deliveries without counting the table", async () => {
    const before = (await (await admin.call("GET", "/api/admin/stats")).json()) as Record<string, number>;
    const product = await soapProduct({ price: 50 });
    const order = await placeTransferOrder(customer, product.id, 2, 100);
    await admin.call("PUT", `/api/admin/orders/${order.id}`, {
      status: "confirmed",
      payment_status: "completed",
    });
    await admin.call("PUT", `/api/admin/orders/${order.id}`, { status: "delivered" });
    const after = (await (await admin.call("GET", "/api/admin/stats")).json()) as Record<string, number>;
    expect(after.totalOrders).toBe((before.totalOrders ?? 0) + 1);
    expect(after.ordersThisMonth).toBe((before.ordersThisMonth ?? 0) + 1);
    expect(after.totalRevenue).toBeCloseTo((before.totalRevenue ?? 0) + 100, 2);
    expect(after.completedOrders).toBe((before.completedOrders ?? 0) + 1);
    expect(after.pendingOrders).toBe(before.pendingOrders);
    expect(after.totalProducts).toBe((before.totalProducts ?? 0) + 1);
    expect(after.totalUsers).toBeGreaterThanOrEqual(2);
  });
});

describe("users", () => {
  it("lists users and shows one with their addresses", async () => {
    const list = (await (await admin.call("GET", "/api/admin/users")).json()) as { users: { id: string }[] };
    expect(list.users.map((u) => u.id)).toEqual(expect.arrayContaining([admin.id, customer.id]));
    const details = (await (await admin.call("GET", `/api/admin/users/${customer.id}`)).json()) as {
      addresses: unknown[];
    };
    expect(details.addresses).toHaveLength(1);
    expect(JSON.stringify(details)).not.toContain("password");
    expect((await admin.call("GET", "/api/admin/users/inconnu")).status).toBe(404);
  });
});

describe("settings", () => {
  it("masks the PayPal secret and keeps it when the mask is sent back", async () => {
    await admin.call("PUT", "/api/admin/settings/payment_paypal", {
      value: {
        base_url: "https://api-m.sandbox.paypal.com",
        client_id: "id-1",
        client_secret: "s3cret",
        webhook_id: "",
      },
    });
    const rows = (await (await admin.call("GET", "/api/admin/settings")).json()) as {
      setting_key: string;
      setting_value: Record<string, unknown>;
    }[];
    const paypal = rows.find((row) => row.setting_key === "payment_paypal");
    expect(paypal?.setting_value.client_secret).toBe(SECRET_MASK);
    expect(JSON.stringify(rows)).not.toContain("s3cret");
    await admin.call("PUT", "/api/admin/settings/payment_paypal", {
      value: { ...paypal?.setting_value, client_id: "id-2" },
    });
    const stored = (await settingEntity(ctx.db).get({ key: "payment_paypal" }).go()).data?.value as Record<
      string,
      string
    >;
    // Kept, and kept sealed (docs/decisions/031; tests/integration/paypal-secret.test.ts).
    expect(stored.client_id).toBe("id-2");
    expect(stored.client_secret).toMatch(/^enc:local:v1:/);
    expect(await openPaypalSecret(ctx.deps, stored.client_secret ?? "")).toBe("s3cret");
  });

  it.each([
    ["shipping", { standard_cost: -1 }],
    ["company_info", { email: "pas-un-email" }],
    ["maintenance", { countdown_minutes: 60 }],
    ["maintenance", { countdown_hours: 25 }],
  ])("refuses an invalid %s value with 400", async (key, value) => {
    const response = await admin.call("PUT", `/api/admin/settings/${key}`, { value });
    expect(response.status).toBe(400);
  });

  it("refuses an unknown key", async () => {
    expect((await admin.call("PUT", "/api/admin/settings/admin_password", { value: {} })).status).toBe(400);
  });

  it("computes when the maintenance countdown ends, and the shop's public view follows at once", async () => {
    const saved = await admin.call("PUT", "/api/admin/settings/maintenance", {
      value: { enabled: true, message: "Inventaire", countdown_hours: 1, countdown_minutes: 30 },
    });
    expect(saved.status).toBe(200);
    const publicView = (await (await ctx.app.request("/api/settings/maintenance")).json()) as {
      enabled: boolean;
      ends_at: string;
    };
    expect(publicView.enabled).toBe(true);
    const minutes = (Date.parse(publicView.ends_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(89);
    expect(minutes).toBeLessThanOrEqual(90);
    await admin.call("PUT", "/api/admin/settings/maintenance", {
      value: { ...defaultSettings.maintenance, enabled: false },
    });
    expect(
      ((await (await ctx.app.request("/api/settings/maintenance")).json()) as { ends_at: unknown }).ends_at,
    ).toBeNull();
  });
});
