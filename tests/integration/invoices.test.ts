import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, inject, it } from "vitest";
import { productEntity } from "../../functions/catalog/product-entity";
import { createProduct } from "../../functions/catalog/service";
import { dropEmailsFromStoredDocuments } from "../../functions/orders/invoice-emails";
import { invoiceEntity } from "../../functions/orders/invoice-entity";
import { settingEntity } from "../../functions/settings/entity";
import { putSetting } from "../../functions/settings/service";
import type { Order } from "../../src/domain/orders/order";
import { createTestContext } from "../setup/test-db";
import { COMPLETE_COSMETICS } from "../support/cosmetics";
import { createCustomer, type TestCustomer } from "../support/customers";
import { chargeLineUnderReduction } from "../support/order-lines";
import { SHOP_COMPANY, SHOP_COMPANY_WITH_VAT } from "../support/shop-setup";

const ctx = await createTestContext();
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const year = new Date().getFullYear();

await putSetting(ctx.deps, "company_info", {
  ...SHOP_COMPANY,
  name: "Savonnerie d'Alep Artisanale",
  legal_form: "EI — Entreprise individuelle",
  siret: "123 456 789 00012",
});
const product = await createProduct(ctx.deps, {
  name: "Savon d'Alep Premium",
  price: 34.9,
  weight: "200g",
  image: "/images/products/savon-premium.svg",
  description: "Un savon",
  long_description: "",
  category: "Savons",
  stock: 500,
  low_stock_threshold: 5,
  benefits: [],
  ingredients: "",
  usage: "",
  is_active: true,
  ...COMPLETE_COSMETICS,
});

async function order(customer: TestCustomer, quantity = 1): Promise<Order> {
  const response = await customer.call("POST", "/api/orders", {
    items: [{ product_id: product.id, quantity }],
    shipping_address_id: customer.addressId,
    total_amount: (3490 * quantity + (3490 * quantity >= 10_000 ? 0 : 780)) / 100,
    payment_method: "bank_transfer",
    transfer_sender_name: "Client",
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { order: Order }).order;
}
const markPaid = (id: string) =>
  admin.call("PUT", `/api/admin/orders/${id}`, { payment_status: "completed", status: "confirmed" });
/** The owner cancels the order on its form; the order as the API answers it. */
const cancel = async (id: string) =>
  (await (await admin.call("PUT", `/api/admin/orders/${id}`, { status: "cancelled" })).json()) as Order;
async function pdfText(response: Response): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

describe("invoices", () => {
  it("issues none for an unpaid order, and one with the mandatory mentions once it is paid", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const placed = await order(customer, 2);
    expect(placed.invoice_number).toBeNull();
    expect((await customer.call("GET", `/api/user/orders/${placed.id}/invoice`)).status).toBe(404);

    const paid = (await (await markPaid(placed.id)).json()) as Order;
    expect(paid.invoice_number).toMatch(new RegExp(`^FA-${year}-\\d{6}$`));
    const response = await customer.call("GET", `/api/user/orders/${placed.id}/invoice`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain(`${paid.invoice_number}.pdf`);
    const text = await pdfText(response);
    for (const mention of [
      // Who sells: the legal name (CGI art. 242 nonies A), not the shop's name.
      SHOP_COMPANY.legal_name,
      "EI — Entreprise individuelle",
      "SIRET : 123 456 789 00012",
      // The e-invoicing reform's mentions (décret n° 2022-1299; decision record 016).
      "SIREN : 123456789",
      "Nature de l'opération : Livraison de biens",
      "Adresse de livraison",
      `Facture n° ${paid.invoice_number}`,
      "Savon d'Alep Premium",
      "69,80",
      "Livraison",
      "TVA non applicable, art. 293 B du CGI",
      "Payée par Virement",
      "pénalité",
      "40 €",
      "Client",
    ]) {
      expect(text, mention).toContain(mention);
    }
    expect(text).toMatch(/Adresse de livraison.*Lina Moreau.*5 rue du Four.*13001 Marseille/);
    expect(text).toMatch(/Sous-total 69,80\s€/);
    expect(text).toMatch(/Livraison 7,80\s€/);
    expect(text).toMatch(/Total 77,60\s€/);
  });

  it("gives the same document on every download, even after the product and the settings change", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const placed = await order(customer);
    await markPaid(placed.id);
    const first = new Uint8Array(
      await (await customer.call("GET", `/api/user/orders/${placed.id}/invoice`)).arrayBuffer(),
    );
    await productEntity(ctx.db).patch({ id: product.id }).set({ name: "Nouveau nom" }).go();
    await putSetting(ctx.deps, "company_info", {
      ...(await settingEntity(ctx.db).get({ key: "company_info" }).go()).data?.value,
      name: "Autre nom",
    });
    const second = new Uint8Array(
      await (await admin.call("GET", `/api/admin/documents/${placed.id}/invoice`)).arrayBuffer(),
    );
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    await productEntity(ctx.db).patch({ id: product.id }).set({ name: "Savon d'Alep Premium" }).go();
    await putSetting(ctx.deps, "company_info", {
      ...SHOP_COMPANY,
      name: "Savonnerie d'Alep Artisanale",
      legal_form: "EI — Entreprise individuelle",
      siret: "123 456 789 00012",
    });
  });

  it("answers 404 for another customer's invoice", async () => {
    const owner = await createCustomer(ctx.deps, ctx.app);
    const other = await createCustomer(ctx.deps, ctx.app);
    const placed = await order(owner);
    await markPaid(placed.id);
    expect((await other.call("GET", `/api/user/orders/${placed.id}/invoice`)).status).toBe(404);
  });

  it("numbers 30 parallel payments continuously, with no gap and no duplicate", {
    timeout: 120_000,
  }, async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const orders: Order[] = [];
    for (let i = 0; i < 30; i++) orders.push(await order(customer));
    const answers = await Promise.all(orders.map((o) => markPaid(o.id)));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const numbers = await Promise.all(
      answers.map(async (r) => ((await r.json()) as Order).invoice_number ?? ""),
    );
    const all = (await (await admin.call("GET", "/api/admin/orders?limit=100")).json()) as {
      orders: Order[];
    };
    const sequence = all.orders
      .map((o) => o.invoice_number)
      .filter((n): n is string => Boolean(n))
      .map((n) => Number(n.slice(-6)))
      .sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(30);
    expect(sequence).toEqual(Array.from({ length: sequence.length }, (_, i) => i + 1));
  });

  it("issues a credit note citing the invoice when a paid order is cancelled, and gives no invoice to a failed one", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const placed = await order(customer);
    const paid = (await (await markPaid(placed.id)).json()) as Order;
    const cancelled = await cancel(placed.id);
    expect(cancelled.credit_note_number).toMatch(new RegExp(`^AV-${year}-\\d{6}$`));
    const text = await pdfText(await customer.call("GET", `/api/user/orders/${placed.id}/credit-note`));
    expect(text).toContain(`Avoir n° ${cancelled.credit_note_number}`);
    expect(text).toContain(`Annule la facture n° ${paid.invoice_number}`);
    for (const mention of [
      "SIREN : 123456789",
      "Nature de l'opération : Livraison de biens",
      "Adresse de livraison",
    ]) {
      expect(text, mention).toContain(mention);
    }
    // Cancelling again issues nothing more.
    const again = await cancel(placed.id);
    expect(again.credit_note_number).toBe(cancelled.credit_note_number);

    const unpaid = await order(customer);
    const failed = (await (
      await admin.call("PUT", `/api/admin/orders/${unpaid.id}`, {
        status: "cancelled",
        payment_status: "failed",
      })
    ).json()) as Order;
    expect(failed.invoice_number).toBeNull();
    expect(failed.credit_note_number).toBeNull();
  });

  it("prints a line charged under a reduction at the price charged, and under it the reference and its mention", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const placed = await order(customer, 2);
    // Charged 34,90 € under « Soldes » from 44,90 €: 22 % off, rounded down from 22.27 %.
    await chargeLineUnderReduction(ctx.deps, placed.id, 0, { kind: "soldes", reference_cents: 4490 });
    const paid = (await (await markPaid(placed.id)).json()) as Order;
    const cancelled = await cancel(placed.id);
    for (const [path, number] of [
      ["invoice", paid.invoice_number],
      ["credit-note", cancelled.credit_note_number],
    ] as const) {
      const text = await pdfText(await customer.call("GET", `/api/user/orders/${placed.id}/${path}`));
      expect(text).toMatch(
        /Savon d'Alep Premium 2 34,90\s€ -?69,80\s€ Soldes -22\s% : 34,90\s€ au lieu de 44,90\s€/,
      );
      expect(text).toContain("Prix de référence : le prix le plus bas des 30 jours précédant la réduction");
      expect(text).toMatch(/Sous-total -?69,80\s€/);
      const stored = JSON.parse(
        (
          await invoiceEntity(ctx.db)
            .get({ number: number ?? "" })
            .go()
        ).data?.snapshot ?? "{}",
      );
      expect(stored.lines[0].reduction).toEqual({ kind: "soldes", reference_cents: 4490 });
    }
    // A line at its price says nothing of a reduction.
    const other = await order(customer);
    await markPaid(other.id);
    const text = await pdfText(await customer.call("GET", `/api/user/orders/${other.id}/invoice`));
    expect(text).not.toContain("Prix de référence");
    expect(text).not.toContain("au lieu de");
  });

  it("shows VAT when the shop charges it", async () => {
    await putSetting(ctx.deps, "company_info", SHOP_COMPANY_WITH_VAT);
    const customer = await createCustomer(ctx.deps, ctx.app);
    const placed = await order(customer);
    await markPaid(placed.id);
    const text = await pdfText(await customer.call("GET", `/api/user/orders/${placed.id}/invoice`));
    expect(text).toContain("TVA 20 %");
    expect(text).toContain("Total HT");
    expect(text).toContain("FR12123456789");
    expect(text).not.toContain("293 B");
  });

  // Issue 28 item 2: C1 controls in a name or an address made pdf-lib throw « WinAnsi cannot encode » (500).
  it("gives the invoice, the admin's copy and the data export of an order whose address holds U+0080..U+009F", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const address = await customer.call("POST", "/api/user/addresses", {
      first_name: "Lina\u0080",
      last_name: "Mo\u009freau",
      phone: "06 11 22 33 44",
      address_line1: "5\u0085rue du Four",
      address_line2: "B\u00e2t.\u007fA \u{1F9FC}",
      city: "Marseille",
      postal_code: "13001",
    });
    expect(address.status, await address.clone().text()).toBe(201);
    const { id: addressId } = (await address.json()) as { id: string };
    const placed = await customer.call("POST", "/api/orders", {
      items: [{ product_id: product.id, quantity: 1 }],
      shipping_address_id: addressId,
      total_amount: 42.7,
      payment_method: "bank_transfer",
      transfer_sender_name: "Client",
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { order: created } = (await placed.json()) as { order: Order };
    expect((await markPaid(created.id)).status).toBe(200);

    const invoice = await customer.call("GET", `/api/user/orders/${created.id}/invoice`);
    expect(invoice.status, await invoice.clone().text()).toBe(200);
    expect(await pdfText(invoice)).toMatch(/Lina\? Mo\?reau.*5 rue du Four.*Bât\.\?A \?/);
    const copy = await admin.call("GET", `/api/admin/documents/${created.id}/invoice`);
    expect(copy.status, await copy.clone().text()).toBe(200);
    const exported = await customer.call("GET", "/api/user/data-export");
    expect(exported.status, await exported.clone().text()).toBe(200);
  });

  // Issue 28 item 19: decision record 017 says the documents hold the billing name and address and nothing else.
  it("holds no customer e-mail, in the PDF or in the stored document, invoice and credit note alike", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const placed = await order(customer);
    const paid = (await (await markPaid(placed.id)).json()) as Order;
    const cancelled = await cancel(placed.id);
    for (const [path, number] of [
      ["invoice", paid.invoice_number],
      ["credit-note", cancelled.credit_note_number],
    ] as const) {
      const text = await pdfText(await customer.call("GET", `/api/user/orders/${placed.id}/${path}`));
      expect(text).toContain("Lina Moreau");
      expect(text).not.toContain(customer.email);
      expect(text).not.toContain("@example.fr");
      const stored = (
        await invoiceEntity(ctx.db)
          .get({ number: number ?? "" })
          .go()
      ).data;
      expect(stored?.snapshot).toContain("Lina Moreau");
      expect(stored?.snapshot).not.toContain(customer.email);
      expect(JSON.parse(stored?.snapshot ?? "{}").customer).toEqual({
        name: "Lina Moreau",
        address: ["5 rue du Four", "13001 Marseille", "France"],
      });
    }
  });

  // Decision record 032: documents stored before issue 28 lose the e-mail once, and nothing else.
  it("rewrites the documents stored with an e-mail without it, once (the service, then npm run invoices:drop-emails)", {
    timeout: 60_000,
  }, async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const stored = async (number: string) =>
      (await invoiceEntity(ctx.db).get({ number }).go()).data?.snapshot ?? "";
    /** A paid then cancelled order whose invoice and credit note are stored as before issue 28. */
    const storedAsBefore = async () => {
      const placed = await order(customer);
      const paid = (await (await markPaid(placed.id)).json()) as Order;
      const cancelled = (await (
        await admin.call("PUT", `/api/admin/orders/${placed.id}`, { status: "cancelled" })
      ).json()) as Order;
      const numbers = [paid.invoice_number ?? "", cancelled.credit_note_number ?? ""];
      const issued = new Map<string, string>();
      for (const number of numbers) {
        issued.set(number, await stored(number));
        const snapshot = JSON.parse(await stored(number));
        snapshot.customer.email = customer.email;
        await invoiceEntity(ctx.db)
          .patch({ number })
          .set({ snapshot: JSON.stringify(snapshot) })
          .go();
        expect(await stored(number)).toContain(customer.email);
      }
      return issued;
    };

    const first = await storedAsBefore();
    const result = await dropEmailsFromStoredDocuments(ctx.deps);
    expect(result.rewritten).toBe(2);
    for (const [number, issued] of first) expect(await stored(number)).toBe(issued);
    expect((await dropEmailsFromStoredDocuments(ctx.deps)).rewritten).toBe(0);

    // The command the README gives, on this test's DynamoDB Local and table.
    const second = await storedAsBefore();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/invoices-drop-emails.ts"],
      {
        env: {
          ...process.env,
          DYNAMODB_ENDPOINT: inject("dynamoEndpoint"),
          TABLE_NAME: ctx.tableName,
        },
      },
    );
    expect(stdout).toContain("2 réécrit(s) sans l'adresse e-mail du client");
    for (const [number, issued] of second) expect(await stored(number)).toBe(issued);
  });
});
