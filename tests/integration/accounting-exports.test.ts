/**
 * Accounting exports (issue 15, decision record 016): the FEC and the e-reporting CSV of a period, read from the
 * invoices and credit notes the shop really issued; admin only.
 */
import { describe, expect, it } from "vitest";
import { putSetting } from "../../functions/settings/service";
import { FEC_COLUMNS } from "../../src/domain/accounting/fec";
import type { Order } from "../../src/domain/orders/order";
import { parisDay } from "../../src/domain/paris-time";
import { createTestContext } from "../setup/test-db";
import { createCustomer, placeTransferOrder } from "../support/customers";
import { createSoap } from "../support/products";
import { SHOP_COMPANY, SHOP_COMPANY_WITH_VAT } from "../support/shop-setup";

const ctx = await createTestContext();
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const customer = await createCustomer(ctx.deps, ctx.app);

const shift = (days: number) => parisDay(new Date(Date.now() + days * 86_400_000));
const period = `from=${shift(-1)}&to=${shift(1)}`;
const cents = (text: string) => Math.round(Number(text.replace(",", ".")) * 100);
const edit = (id: string, body: object) => admin.call("PUT", `/api/admin/orders/${id}`, body);

describe("accounting exports", () => {
  it("refuses anonymous people (401) and customers (403)", async () => {
    for (const path of ["fec", "e-reporting"]) {
      const anonymous = await ctx.app.request(`/api/admin/exports/${path}?${period}`);
      expect(anonymous.status).toBe(401);
      expect((await customer.call("GET", `/api/admin/exports/${path}?${period}`)).status).toBe(403);
    }
  });

  it("checks the period with French messages", async () => {
    for (const [query, field, message] of [
      [
        "from=2026-02-01&to=2026-01-31",
        "to",
        "La date de fin doit être postérieure ou égale à la date de début.",
      ],
      ["from=2025-01-01&to=2026-06-30", "to", "La période d'un export ne peut pas dépasser un an."],
      [
        "from=2026-13-01&to=2026-12-31",
        "from",
        "La date de début doit être une date valide au format AAAA-MM-JJ.",
      ],
      ["to=2026-12-31", "from", "La date de début est obligatoire (AAAA-MM-JJ)."],
    ] as const) {
      const response = await admin.call("GET", `/api/admin/exports/fec?${query}`);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { code: string; fields: Record<string, string> };
      expect(body.code).toBe("VALIDATION");
      expect(body.fields[field]).toBe(message);
    }
  });

  it("asks for the SIRET before naming a FEC file", async () => {
    await putSetting(ctx.deps, "company_info", { ...SHOP_COMPANY, siret: "" });
    const response = await admin.call("GET", `/api/admin/exports/fec?${period}`);
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toContain("SIRET");
  });

  it("exports the invoices and credit notes: FEC totals equal invoices minus credit notes, entries balanced", {
    timeout: 60_000,
  }, async () => {
    await putSetting(ctx.deps, "company_info", SHOP_COMPANY_WITH_VAT);
    const soap = await createSoap(ctx.deps, { price: 10, stock: 50 });
    // Three paid orders (three invoices), one left unpaid (no invoice), one refunded in part (a credit note).
    const orders: Order[] = [];
    for (const quantity of [1, 2, 3]) {
      const placed = await placeTransferOrder(customer, soap.id, quantity, (quantity * 1000 + 780) / 100);
      const paid = await edit(placed.id, { payment_status: "completed", status: "delivered" });
      expect(paid.status).toBe(200);
      orders.push((await paid.json()) as Order);
    }
    await placeTransferOrder(customer, soap.id, 1, 17.8);
    const returned = orders[2] as Order;
    const refund = await admin.call("POST", `/api/admin/orders/${returned.id}/returns`, {
      order_version: returned.version,
      lines: [{ index: 0, quantity: 1, restock: true }],
      refund_shipping: false,
      amount: 10,
    });
    expect(refund.status, await refund.clone().text()).toBe(201);

    const invoiced = orders.reduce((sum, order) => sum + Math.round(order.total_amount * 100), 0);
    const credited = 1000;

    const response = await admin.call("GET", `/api/admin/exports/fec?${period}`);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="123456789FEC${shift(1).replaceAll("-", "")}.txt"`,
    );
    const records = (await response.text()).split("\r\n");
    expect(records.pop()).toBe("");
    expect(records.shift()).toBe(FEC_COLUMNS.join("\t"));
    const lines = records.map((record) => {
      const fields = record.split("\t");
      expect(fields).toHaveLength(18);
      return {
        entry: fields[2],
        account: fields[4],
        piece: fields[8],
        debit: cents(fields[11] ?? ""),
        credit: cents(fields[12] ?? ""),
      };
    });
    expect(new Set(lines.map((line) => line.piece))).toEqual(
      new Set([...orders.map((order) => order.invoice_number), expect.stringMatching(/^AV-/)]),
    );
    expect([...new Set(lines.map((line) => line.entry))]).toEqual(["1", "2", "3", "4"]);
    for (const entry of ["1", "2", "3", "4"]) {
      const of = lines.filter((line) => line.entry === entry);
      const debit = of.reduce((sum, line) => sum + line.debit, 0);
      expect(debit, `entry ${entry}`).toBe(of.reduce((sum, line) => sum + line.credit, 0));
    }
    const customers = lines.filter((line) => line.account === "411000");
    expect(customers.reduce((sum, line) => sum + line.debit - line.credit, 0)).toBe(invoiced - credited);
    const revenue = lines.filter((line) => ["707000", "708500", "445710"].includes(line.account ?? ""));
    expect(revenue.reduce((sum, line) => sum + line.credit - line.debit, 0)).toBe(invoiced - credited);

    const csv = await admin.call("GET", `/api/admin/exports/e-reporting?${period}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(
      `attachment; filename="e-reporting-${shift(-1)}-${shift(1)}.csv"`,
    );
    const rows = (await csv.text())
      .trim()
      .split("\r\n")
      .slice(1)
      .map((row) => row.split(";"));
    expect(rows.reduce((sum, row) => sum + Number(row[3]), 0)).toBe(3);
    expect(rows.reduce((sum, row) => sum + Number(row[7]), 0)).toBe(1);
    expect(rows.reduce((sum, row) => sum + Math.round(Number(row[13]) * 100), 0)).toBe(invoiced - credited);
    expect(rows.every((row) => row[1] === "taux" && row[2] === "20.00")).toBe(true);

    // A period before these documents exports the header alone.
    const empty = await admin.call("GET", "/api/admin/exports/fec?from=2020-01-01&to=2020-12-31");
    expect(await empty.text()).toBe(`${FEC_COLUMNS.join("\t")}\r\n`);
  });
});
