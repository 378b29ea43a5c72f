/**
 * No owner- or customer-written text is ever inserted as HTML (issue 14). An XSS payload goes into every text field
 * an owner or a customer can write (each field tagged, cut to its length limit); where a field has a strict format
 * (e-mail, phone, postal code, SIRET, promo code, price, URL…) the refusal of the payload is what is asserted.
 * Then the prebuilt site (one real Astro build against this API), every e-mail the shop wrote and the invoice and
 * credit note PDFs are checked: the payload is nowhere raw, and it is there as text (escaped) wherever the field is
 * shown, so no check can pass by the field simply not being printed. What only React islands show (order notes,
 * the maintenance message, admin-only fields) is checked to come back from the API as plain text: React escapes
 * it, and tests/tooling/no-raw-html.test.ts keeps every raw-HTML insertion of src/ and functions/ on a reviewed list.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFullApp } from "../../functions/main/full-app";
import { astroBuild } from "../../scripts/local/astro-build";
import type { Order } from "../../src/domain/orders/order";
import { createTestContext } from "../setup/test-db";
import { COMPLETE_COSMETICS } from "../support/cosmetics";
import { apiCaller, createCustomer, type TestCustomer } from "../support/customers";
import { type ReadMail, readMails } from "../support/mail";

const ctx = await createTestContext();
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });

/** Runs an event handler and a script if inserted as HTML; breaks out of a quoted attribute too. */
const ATTACK = `<img src=x onerror=alert(1)>"'><script>alert(2)</script>`;
/** What no page, mail or PDF may hold raw, whatever the field. */
const RAW_MARKERS = ["<img src=x", "<script>alert", "<svg/onload", `"'><`];

/** Every value stored, by its tag; the tag finds the field's text in what the shop prints. */
const stored = new Map<string, string>();
/** The payload of one field: its tag then the attack, cut to the field's length limit. */
function xss(tag: string, max: number): string {
  const value = `${tag}${ATTACK}`.slice(0, max).trim();
  stored.set(tag, value);
  return value;
}
/** The tag and what follows it up to the first markup character: never to be found as is. */
function rawMarker(value: string, tag: string): string {
  const start = value.indexOf(tag);
  const end = value.slice(start).search(/[<>"']/);
  return value.slice(start, start + end + 1);
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'", nbsp: "\u00a0" };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code[0] === "#") {
      const point =
        code[1] === "x" || code[1] === "X" ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return String.fromCodePoint(point);
    }
    return named[code.toLowerCase()] ?? entity;
  });
}

/** Fails when `content` holds the attack raw, or any stored value's markup unescaped. */
function expectNothingRaw(where: string, content: string) {
  for (const marker of RAW_MARKERS) expect(content.includes(marker), `${where}: ${marker} raw`).toBe(false);
  for (const [tag, value] of stored) {
    const marker = rawMarker(value, tag);
    expect(content.includes(marker), `${where}: the field ${tag} raw (${marker})`).toBe(false);
  }
}

/**
 * A mail's HTML as its reader sees visitor text made inert (functions/mail/layout.ts escapeHtml): each character that
 * could join a link sits after a word joiner in an element of its own, which the reader does not see.
 */
const asRead = (html: string) => html.replace(/&#8288;<span>(.*?)<\/span>/g, "$1");

/** The field's value is in the HTML as text: escaped in the source, whole once the entities are decoded. */
function expectShownAsText(where: string, html: string, tag: string) {
  const value = stored.get(tag);
  if (!value) throw new Error(`no payload stored for ${tag}`);
  expect(decodeEntities(html).includes(value), `${where}: the field ${tag} is not shown`).toBe(true);
}

/**
 * A page as a browser's tokenizer reads it: its elements with their attributes (values decoded), its scripts, and
 * its markup with every quoted attribute value left out. Inside a quoted attribute value `<` and `>` are plain
 * characters (HTML's attribute value states), and Astro escapes only `&` and `"` there; everywhere else a raw `<`
 * of a field would start an element.
 */
interface ScannedHtml {
  elements: { name: string; attributes: [string, string][] }[];
  scripts: { type: string; content: string }[];
  markup: string;
}
const RAW_TEXT_ELEMENTS = new Set(["script", "style", "title", "textarea"]);
function scanHtml(html: string): ScannedHtml {
  const scanned: ScannedHtml = { elements: [], scripts: [], markup: "" };
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf("<", at);
    if (open < 0) {
      scanned.markup += html.slice(at);
      break;
    }
    scanned.markup += html.slice(at, open);
    if (!/^<[a-z]/i.test(html.slice(open, open + 2))) {
      // A comment, a doctype, an end tag or a lone "<": kept in the markup as is.
      const end = html.startsWith("<!--", open) ? html.indexOf("-->", open) + 3 : html.indexOf(">", open) + 1;
      const stop = end > open ? end : open + 1;
      scanned.markup += html.slice(open, stop);
      at = stop;
      continue;
    }
    const name = /^<([a-z][a-z0-9-]*)/i.exec(html.slice(open))?.[1]?.toLowerCase() ?? "";
    let index = open + 1 + name.length;
    const attributes: [string, string][] = [];
    scanned.markup += `<${name}`;
    for (;;) {
      while (index < html.length && /[\s/]/.test(html.charAt(index))) index++;
      if (index >= html.length || html.charAt(index) === ">") break;
      const attribute = /^[^\s/>=]+/.exec(html.slice(index))?.[0] ?? html.charAt(index);
      index += attribute.length;
      let value = "";
      const equals = /^\s*=\s*/.exec(html.slice(index));
      if (equals) {
        index += equals[0].length;
        const quote = html.charAt(index);
        if (quote === '"' || quote === "'") {
          const close = html.indexOf(quote, index + 1);
          value = html.slice(index + 1, close < 0 ? html.length : close);
          index = close < 0 ? html.length : close + 1;
        } else {
          value = /^[^\s>]*/.exec(html.slice(index))?.[0] ?? "";
          index += value.length;
          // Unquoted, a value is cut by a space or ">": keep it in the markup, where it is judged.
          scanned.markup += ` ${attribute}=${value}`;
          attributes.push([attribute.toLowerCase(), decodeEntities(value)]);
          continue;
        }
      }
      scanned.markup += ` ${attribute}=""`;
      attributes.push([attribute.toLowerCase(), decodeEntities(value)]);
    }
    index++;
    scanned.markup += ">";
    scanned.elements.push({ name, attributes });
    if (RAW_TEXT_ELEMENTS.has(name)) {
      const close = html.toLowerCase().indexOf(`</${name}`, index);
      const content = html.slice(index, close < 0 ? html.length : close);
      scanned.markup += content;
      if (name === "script") {
        const type = attributes.find(([attribute]) => attribute === "type")?.[1] ?? "";
        scanned.scripts.push({ type, content });
      }
      index = close < 0 ? html.length : close;
    }
    at = index;
  }
  return scanned;
}

/** Nothing of the attack runs: no event handler, no script of it, JSON-LD still JSON, no raw markup outside values. */
function expectInertHtml(where: string, html: string) {
  const scanned = scanHtml(html);
  expectNothingRaw(where, scanned.markup);
  for (const element of scanned.elements) {
    for (const [attribute, value] of element.attributes) {
      const handler = attribute.startsWith("on") && /alert\(/.test(value);
      expect(handler, `${where}: <${element.name} ${attribute}="${value}">`).toBe(false);
    }
    expect(
      element.name === "img" && element.attributes.some(([a, v]) => a === "src" && v === "x"),
      where,
    ).toBe(false);
  }
  for (const script of scanned.scripts) {
    if (/json/i.test(script.type))
      expect(() => JSON.parse(script.content), `${where}: JSON-LD`).not.toThrow();
    else expect(script.content.includes("alert("), `${where}: a script runs the payload`).toBe(false);
  }
}

async function expectRefused(response: Response, field: string) {
  const body = (await response.json()) as { code?: string; fields?: Record<string, string> };
  expect(response.status, `${field}: ${JSON.stringify(body)}`).toBe(400);
  expect(body.code).toBe("VALIDATION");
  expect(
    Object.keys(body.fields ?? {}).some((key) => key === field || key.endsWith(`.${field}`)),
    field,
  ).toBe(true);
}

const json = async <T>(response: Response, status = 200): Promise<T> => {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
};

const putSetting = (key: string, value: object) => admin.call("PUT", `/api/admin/settings/${key}`, { value });

/** Fields the built pages print, by tag. */
const SHOWN_ON_PAGES = [
  "Xcompany.name",
  "Xcompany.legal_name",
  "Xcompany.phone",
  "Xcompany.address",
  "Xcompany.legal_form",
  "Xcompany.vat_number",
  "Xshipping.shipping_company",
  "Xproduct.name",
  "Xproduct.weight",
  "Xproduct.description",
  "Xproduct.long_description",
  "Xproduct.category",
  "Xproduct.benefit",
  "Xproduct.ingredients",
  "Xproduct.usage",
];

let productId = 0;
let customer: TestCustomer;
let customerEmail = "";
let order: Order;

describe("owner-written text", () => {
  it("settings: every text field takes the payload as text, the formatted ones refuse it", async () => {
    await json(
      await putSetting("company_info", {
        name: xss("Xcompany.name", 120),
        phone: xss("Xcompany.phone", 30),
        address: xss("Xcompany.address", 300),
        legal_form: xss("Xcompany.legal_form", 80),
        legal_name: xss("Xcompany.legal_name", 120),
        vat_mode: "rate",
        vat_rate: 20,
        vat_number: xss("Xcompany.vat_number", 20),
      }),
    );
    await expectRefused(await putSetting("company_info", { email: ATTACK }), "email");
    await expectRefused(await putSetting("company_info", { siret: ATTACK }), "siret");
    await expectRefused(await putSetting("company_info", { vat_mode: ATTACK }), "vat_mode");

    await json(await putSetting("shipping", { shipping_company: xss("Xshipping.shipping_company", 60) }));
    await expectRefused(await putSetting("shipping", { standard_cost: ATTACK }), "standard_cost");

    await json(
      await putSetting("payment_bank_transfer", {
        enabled: true,
        iban: "FR76 3000 6000 0112 3456 7890 189",
        bic: "AGRIFRPP",
        beneficiary: xss("Xbank.beneficiary", 120),
        bank_name: xss("Xbank.bank_name", 120),
      }),
    );
    await expectRefused(await putSetting("payment_bank_transfer", { iban: ATTACK }), "iban");
    await expectRefused(await putSetting("payment_bank_transfer", { bic: ATTACK }), "bic");

    await json(
      await putSetting("maintenance", {
        enabled: false,
        message: xss("Xmaintenance.message", 500),
        countdown_hours: 1,
        countdown_minutes: 0,
      }),
    );
    // Shown only by the maintenance island (React, text): the API hands it over as the string it is.
    const maintenance = await json<{ message: string }>(await ctx.app.request("/api/settings/maintenance"));
    expect(maintenance.message).toBe(stored.get("Xmaintenance.message"));

    await json(
      await putSetting("payment_paypal", {
        client_id: xss("Xpaypal.client_id", 200),
        webhook_id: xss("Xpaypal.webhook_id", 100),
      }),
    );
    await expectRefused(await putSetting("payment_paypal", { base_url: ATTACK }), "base_url");
    await expectRefused(
      await putSetting("payment_paypal", { base_url: `https://api-m.paypal.com/${ATTACK}` }),
      "base_url",
    );
  });

  it("products: every text field takes the payload as text; price and image refuse what they cannot be", async () => {
    const product = {
      name: xss("Xproduct.name", 120),
      price: 12,
      weight: xss("Xproduct.weight", 40),
      image: "/images/products/savon-premium.svg",
      description: xss("Xproduct.description", 500),
      long_description: xss("Xproduct.long_description", 5000),
      category: xss("Xproduct.category", 60),
      benefits: [xss("Xproduct.benefit", 200)],
      ingredients: xss("Xproduct.ingredients", 2000),
      usage: xss("Xproduct.usage", 2000),
      stock: 50,
      low_stock_threshold: 2,
      is_active: true,
      ...COMPLETE_COSMETICS,
    };
    const created = await json<{ id: number }>(await admin.call("POST", "/api/admin/products", product), 201);
    productId = created.id;
    await expectRefused(
      await admin.call("POST", "/api/admin/products", { ...product, price: ATTACK }),
      "price",
    );
    await expectRefused(
      await admin.call("POST", "/api/admin/products", { ...product, image: ATTACK }),
      "image",
    );
    await expectRefused(
      await admin.call("POST", "/api/admin/products", { ...product, image: `javascript:alert(1)` }),
      "image",
    );
    // An image address without spaces passes the format: it is only ever an attribute value, escaped.
    const image = `https://img.test/Ximage"'><svg/onload=alert(1)>`;
    stored.set("Ximage", image);
    const withImage = await json<{ id: number }>(
      await admin.call("POST", "/api/admin/products", {
        ...product,
        name: "Savon à l'image",
        image,
        benefits: [],
      }),
      201,
    );
    expect(withImage.id).toBeGreaterThan(0);

    const note = xss("Xstock.note", 200);
    await json(
      await admin.call("POST", `/api/admin/products/${productId}/stock-adjustments`, { delta: 5, note }),
      201,
    );
    const { movements } = await json<{ movements: { note: string | null }[] }>(
      await admin.call("GET", `/api/admin/products/${productId}/stock-movements`),
    );
    expect(movements.map((movement) => movement.note)).toContain(note);
  });

  it("promo codes: the description takes the payload as text, the code refuses it", async () => {
    const promo = {
      code: "XSSPROMO",
      description: xss("Xpromo.description", 300),
      discount_type: "fixed_amount",
      discount_value: 1,
      starts_at: "2020-01-01T00:00:00.000Z",
    };
    const created = await json<{ description: string }>(
      await admin.call("POST", "/api/admin/promo", promo),
      201,
    );
    expect(created.description).toBe(stored.get("Xpromo.description"));
    await expectRefused(await admin.call("POST", "/api/admin/promo", { ...promo, code: ATTACK }), "code");
    await expectRefused(
      await admin.call("POST", "/api/admin/promo", { ...promo, code: "XSS2", starts_at: ATTACK }),
      "starts_at",
    );
  });
});

describe("customer-written text", () => {
  it("sign-up, profile and address take the payload as text; e-mail, phone, postal code and country refuse it", async () => {
    await expectRefused(
      await ctx.app.request("/api/auth/signup", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: ATTACK, password: "secret12", fullName: "Lina" }),
      }),
      "email",
    );
    customerEmail = `xss-${Math.random().toString(36).slice(2, 8)}@example.fr`;
    const signup = await ctx.app.request("/api/auth/signup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: customerEmail,
        password: "secret12",
        fullName: xss("Xsignup.fullName", 120),
      }),
    });
    expect(signup.status, await signup.clone().text()).toBe(201);
    const signin = await json<{ token: string }>(
      await ctx.app.request("/api/auth/signin", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: customerEmail, password: "secret12" }),
      }),
    );
    const call = apiCaller(ctx.app, signin.token);
    const me = await json<{ user: { full_name: string } }>(await call("GET", "/api/auth/me"));
    expect(me.user.full_name).toBe(stored.get("Xsignup.fullName"));

    // The reset mail greets the account by the name given at sign-up.
    const forgot = await ctx.app.request("/api/auth/password/forgot", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: customerEmail }),
    });
    expect(forgot.status).toBe(200);
    // The mail leaves after the answer (forgot password in constant time): let it go before the name changes.
    await ctx.deps.accountMail.flush();

    await json(
      await call("PUT", "/api/user/profile", { full_name: xss("Xprofile.full_name", 120), phone: "" }),
    );
    await expectRefused(
      await call("PUT", "/api/user/profile", { full_name: "Lina", phone: ATTACK }),
      "phone",
    );

    const address = {
      first_name: xss("Xaddress.first_name", 80),
      last_name: xss("Xaddress.last_name", 80),
      phone: "06 11 22 33 44",
      address_line1: xss("Xaddress.address_line1", 200),
      address_line2: xss("Xaddress.address_line2", 200),
      city: xss("Xaddress.city", 100),
      postal_code: "13001",
      country: "France",
    };
    await expectRefused(await call("POST", "/api/user/addresses", { ...address, phone: ATTACK }), "phone");
    await expectRefused(
      await call("POST", "/api/user/addresses", { ...address, postal_code: ATTACK }),
      "postal_code",
    );
    await expectRefused(
      await call("POST", "/api/user/addresses", { ...address, country: ATTACK }),
      "country",
    );
    const { id: addressId } = await json<{ id: string }>(
      await call("POST", "/api/user/addresses", address),
      201,
    );
    customer = { id: "", email: customerEmail, token: signin.token, addressId, call };
  });

  it("checkout: order notes and the transfer sender's name are kept as text; names sent for lines are ignored", async () => {
    const placed = await customer.call("POST", "/api/orders", {
      items: [{ product_id: productId, quantity: 2, product_name: ATTACK }],
      shipping_address_id: customer.addressId,
      total_amount: 31.8,
      payment_method: "bank_transfer",
      transfer_sender_name: xss("Xorder.transfer_sender_name", 120),
      order_notes: xss("Xorder.order_notes", 500),
    });
    order = (await json<{ order: Order }>(placed, 201)).order;
    expect(order.order_notes).toBe(stored.get("Xorder.order_notes"));
    expect(order.user.full_name).toBe(stored.get("Xprofile.full_name"));
    expect(order.items[0]?.product_name).toBe(stored.get("Xproduct.name"));
    await expectRefused(
      await customer.call("POST", "/api/orders", {
        items: [{ product_id: productId, quantity: 1 }],
        shipping_address_id: customer.addressId,
        total_amount: 19.8,
        payment_method: "bank_transfer",
        transfer_sender_name: "Lina",
        promo_code_id: ATTACK,
      }),
      "promo_code_id",
    );
  });

  it("the owner's order edits: carrier, tracking number and notes as text; the delivery date refuses it", async () => {
    await json(
      await admin.call("PUT", `/api/admin/orders/${order.id}`, {
        payment_status: "completed",
        status: "confirmed",
      }),
    );
    await expectRefused(
      await admin.call("PUT", `/api/admin/orders/${order.id}`, { estimated_delivery: ATTACK }),
      "estimated_delivery",
    );
    const shipped = await json<Order>(
      await admin.call("PUT", `/api/admin/orders/${order.id}`, {
        status: "shipped",
        // "Colissimo" in the carrier's name: the mail then carries La Poste's tracking link too.
        shipping_company: `Colissimo ${xss("Xorder.shipping_company", 50)}`,
        tracking_number: xss("Xorder.tracking_number", 60),
        shipping_notes: xss("Xorder.shipping_notes", 500),
      }),
    );
    expect(shipped.shipping_notes).toBe(stored.get("Xorder.shipping_notes"));
    const delivered = await json<Order>(
      await admin.call("PUT", `/api/admin/orders/${order.id}`, { status: "delivered" }),
    );
    order = await json<Order>(
      await admin.call("POST", `/api/admin/orders/${order.id}/returns`, {
        order_version: delivered.version,
        lines: [{ index: 0, quantity: 1, restock: true }],
        refund_shipping: false,
        amount: 12,
      }),
      201,
    );
  });
});

describe("the prebuilt site", () => {
  const outDir = mkdtempSync(join(tmpdir(), "shop-xss-site-"));
  let server: ReturnType<typeof serve>;
  beforeAll(async () => {
    server = serve({ fetch: createFullApp(() => ctx.deps).fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("holds no payload raw, and shows every printed field as text", { timeout: 120_000 }, async () => {
    const { port } = server.address() as AddressInfo;
    await astroBuild({
      apiUrl: `http://127.0.0.1:${port}`,
      siteUrl: "http://shop.test",
      outDir,
      quiet: !process.env.XSS_BUILD_LOG,
    });
    const files = (readdirSync(outDir, { recursive: true }) as string[]).filter((file) =>
      /\.(html|xml|txt|json|webmanifest)$/.test(file),
    );
    expect(files).toContain(join("product", String(productId), "index.html"));
    let visible = "";
    for (const file of files) {
      const content = readFileSync(join(outDir, file), "utf8");
      if (file.endsWith(".html")) expectInertHtml(file, content);
      else expectNothingRaw(file, content);
      // What the page prints, not the islands' serialized props.
      visible += content.replace(/\sprops="[^"]*"/g, "");
    }
    for (const tag of SHOWN_ON_PAGES) expectShownAsText("the site", visible, tag);
  });
});

describe("the e-mails", () => {
  let mails: ReadMail[] = [];
  beforeAll(async () => {
    await ctx.deps.accountMail.flush();
    mails = readMails(ctx.mailDir);
  });
  const mailFor = (subject: RegExp) => {
    const found = mails.filter((mail) => mail.to === customerEmail && subject.test(mail.subject));
    expect(found, `a mail whose subject matches ${subject}`).toHaveLength(1);
    return found[0] as ReadMail;
  };

  it("hold no payload raw in their HTML part", () => {
    expect(mails.length).toBeGreaterThanOrEqual(4);
    for (const mail of mails) {
      // A mail escapes every character of markup, in attribute values too.
      expectNothingRaw(`${mail.subject} (${mail.file})`, mail.html);
      expectInertHtml(`${mail.subject} (${mail.file})`, mail.html);
    }
  });

  it("password reset: the name given at sign-up and the shop's name, as text", () => {
    const mail = mailFor(/Réinitialisation/);
    for (const tag of ["Xsignup.fullName", "Xcompany.name"])
      expectShownAsText(mail.subject, asRead(mail.html), tag);
  });

  it("order confirmation: product, delivery address and bank details, as text", () => {
    const mail = mailFor(/Confirmation/);
    for (const tag of [
      "Xcompany.name",
      "Xproduct.name",
      "Xaddress.first_name",
      "Xaddress.last_name",
      "Xaddress.address_line1",
      "Xaddress.address_line2",
      "Xaddress.city",
      "Xbank.beneficiary",
      "Xbank.bank_name",
    ])
      expectShownAsText(mail.subject, asRead(mail.html), tag);
  });

  it("shipping: carrier and tracking number, as text", () => {
    const mail = mailFor(/en route/);
    for (const tag of ["Xcompany.name", "Xorder.shipping_company", "Xorder.tracking_number"])
      expectShownAsText(mail.subject, mail.html, tag);
  });

  it("refund: the returned product, as text", () => {
    const mail = mailFor(/Remboursement/);
    for (const tag of ["Xcompany.name", "Xproduct.name"]) expectShownAsText(mail.subject, mail.html, tag);
  });
});

describe("the PDFs", () => {
  async function pdf(path: string): Promise<{ raw: string; text: string }> {
    const response = await customer.call("GET", path);
    expect(response.status, path).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const raw = Buffer.from(bytes).toString("latin1");
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    return { raw, text: text.replace(/\s+/g, " ") };
  }
  /** pdf-lib draws text: what matters is no script action, and the fields written out as text. */
  function expectTextOnly(name: string, { raw, text }: { raw: string; text: string }, tags: string[]) {
    for (const action of ["/JavaScript", "/JS", "/OpenAction", "/AA", "/Launch"])
      expect(raw.includes(action), `${name}: ${action}`).toBe(false);
    for (const tag of tags) {
      // Lines are cut to the page's width: the tag and the start of the attack are enough to find the field.
      const start = (stored.get(tag) ?? "").slice(0, tag.length + 20).replace(/\s+/g, " ");
      expect(text.includes(start), `${name}: the field ${tag} is not written (${start})`).toBe(true);
    }
  }
  const tags = [
    "Xcompany.legal_name",
    "Xcompany.legal_form",
    "Xcompany.address",
    "Xcompany.vat_number",
    "Xcompany.phone",
    "Xaddress.first_name",
    "Xaddress.last_name",
    "Xaddress.address_line1",
    "Xaddress.address_line2",
    "Xaddress.city",
    "Xproduct.name",
  ];

  it("the invoice is made with every payload, and holds no script", async () => {
    expect(order.invoice_number).toMatch(/^FA-/);
    expectTextOnly("invoice", await pdf(`/api/user/orders/${order.id}/invoice`), tags);
  });

  it("the credit note too", async () => {
    const number = order.refunds[0]?.credit_note_number;
    expect(number).toMatch(/^AV-/);
    expectTextOnly("credit note", await pdf(`/api/user/orders/${order.id}/credit-notes/${number}`), tags);
  });
});
