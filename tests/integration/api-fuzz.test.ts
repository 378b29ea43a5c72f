/**
 * Issue 14: every operation of /api/openapi.json, called with malformed input as anonymous, customer and admin,
 * answers without a 5xx, and every message it gives is French. Bounded: a fixed list of bodies per operation.
 */
import { describe, expect, it } from "vitest";
import { createTestContext } from "../setup/test-db";
import { createCustomer } from "../support/customers";

const ctx = await createTestContext();
const customer = await createCustomer(ctx.deps, ctx.app);
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });

const document = (await (await ctx.app.request("/api/openapi.json")).json()) as {
  paths: Record<string, Record<string, unknown>>;
};

/** Bodies a careless client or an attacker sends. */
const BODIES: unknown[] = [
  {},
  [],
  "texte",
  42,
  null,
  { id: "x", items: "x", total_amount: "x", email: 12, password: [], value: "x", lines: [{ index: -1 }] },
  { items: [{ product_id: 1e20, quantity: -5 }], total_amount: Number.MAX_VALUE, shipping_address_id: {} },
  { promo_code: "<script>alert(1)</script>", total_amount: -1, value: { base_url: "javascript:alert(1)" } },
];
/** Path parameters an attacker tries. */
const PARAMS = ["0", "-1", "abc", "9999999999999", "%00", "..%2F..%2Fetc"];

/** Query strings every GET gets too (paging cursors the API never gave, limits out of range). */
const QUERIES = ["", "?cursor=garbage&limit=-1", "?cursor=eyJwayI6IngifQ&limit=abc"];

/** Words of zod's or Hono's English defaults: none may reach a client. */
const ENGLISH =
  /\b(Invalid input|expected|received|Required|Too (big|small)|must be|Unexpected|Internal Server Error|Not Found)\b/;

function messagesOf(body: unknown): string[] {
  if (!body || typeof body !== "object") return [];
  const record = body as { error?: unknown; fields?: Record<string, unknown> };
  return [
    ...(typeof record.error === "string" ? [record.error] : []),
    ...Object.values(record.fields ?? {}).filter((value): value is string => typeof value === "string"),
  ];
}

const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })),
);

describe("every documented operation, with malformed input", () => {
  it("answers no 5xx and only French messages, as anonymous, customer and admin", async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const { path, method } of operations) {
      const concrete = path.includes("{") ? PARAMS.map((param) => path.replace(/\{\w+\}/g, param)) : [path];
      const paths =
        method === "GET" ? concrete.flatMap((url) => QUERIES.map((query) => url + query)) : concrete;
      const bodies = method === "GET" || method === "DELETE" ? [undefined] : BODIES;
      for (const url of paths)
        for (const body of bodies)
          for (const who of [null, customer, admin]) {
            const init = {
              ...(body !== undefined && { "content-type": "application/json" }),
            };
            const response = who
              ? await who.call(method, url, body, init)
              : await ctx.app.request(url, {
                  method,
                  headers: init,
                  ...(body !== undefined && { body: JSON.stringify(body) }),
                });
            calls++;
            const text = await response.text();
            let parsed: unknown = null;
            try {
              parsed = JSON.parse(text);
            } catch {
              // PDFs and empty bodies
            }
            const label = `${who === admin ? "admin" : who ? "client" : "anonyme"} ${method} ${url} ${JSON.stringify(body)?.slice(0, 60)}`;
            if (response.status >= 500 && response.status !== 503)
              failures.push(`${response.status} ${label}`);
            for (const message of messagesOf(parsed))
              if (ENGLISH.test(message)) failures.push(`English « ${message} » ${label}`);
          }
    }
    expect(calls).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 120_000);
});
