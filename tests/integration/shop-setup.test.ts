/**
 * Ready to sell from the first day (issue 16, decision record 020): a new shop shows no invented identity or bank
 * details, the owner's checklist says what is missing, and no order is taken until identity, mediator and a payment
 * method are set up.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { productEntity } from "../../functions/catalog/product-entity";
import { RETIRED_SEED_EXAMPLES, retireSeedExamples, seedSettingsFrom } from "../../functions/main/seed";
import { settingEntity } from "../../functions/settings/entity";
import { putSetting } from "../../functions/settings/service";
import { localConfigFromEnv } from "../../scripts/local/config";
import { StartError } from "../../scripts/local/start-error";
import { defaultSettings } from "../../src/domain/settings/settings";
import { createTestContext } from "../setup/test-db";
import { createCustomer } from "../support/customers";
import { createSoap } from "../support/products";
import { SHOP_BANK, SHOP_IDENTITY } from "../support/shop-setup";

const ctx = await createTestContext({ newShop: true });
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const customer = await createCustomer(ctx.deps, ctx.app);

interface Setup {
  canTakeOrders: boolean;
  blockers: string[];
  methods: { bank_transfer: boolean; paypal: boolean };
  items: { id: string; state: string; missing: string[]; setting: string }[];
}
const setup = async () => (await (await admin.call("GET", "/api/admin/setup")).json()) as Setup;
const save = (key: string, value: object) => admin.call("PUT", `/api/admin/settings/${key}`, { value });
const order = (soapId: number, method: "bank_transfer" | "paypal") =>
  customer.call("POST", method === "paypal" ? "/api/paypal-payment/create-order" : "/api/orders", {
    items: [{ product_id: soapId, quantity: 1 }],
    shipping_address_id: customer.addressId,
    total_amount: 17.8,
    payment_method: method,
    transfer_sender_name: "Client",
  });

describe("a new shop", () => {
  it("shows shoppers no invented address, phone, e-mail or bank detail", async () => {
    const company = (await (await ctx.app.request("/api/settings/company")).json()) as Record<
      string,
      unknown
    >;
    // Every one of these is empty: a new shop invents no identity (decision record 020).
    const blank = (...fields: string[]) => Object.fromEntries(fields.map((field) => [field, ""]));
    expect(company).toMatchObject(blank("email", "phone", "address", "legal_name", "legal_form", "siret"));
    expect(await (await ctx.app.request("/api/settings/checkout")).json()).toMatchObject({
      can_take_orders: false,
      bank_transfer: { enabled: false, bic: "", beneficiary: "", bank_name: "" },
      paypal: { configured: false, client_id: "" },
    });
  });

  it("gives the owner her checklist: everything missing but the shipping, each linked to its card", async () => {
    expect((await ctx.app.request("/api/admin/setup")).status).toBe(401);
    expect((await customer.call("GET", "/api/admin/setup")).status).toBe(403);
    const body = await setup();
    expect(body.canTakeOrders).toBe(false);
    expect(body.items.map(({ id, state, setting }) => ({ id, state, setting }))).toEqual([
      { id: "company", state: "missing", setting: "company_info" },
      { id: "mediator", state: "missing", setting: "company_info" },
      { id: "bank_transfer", state: "missing", setting: "payment_bank_transfer" },
      { id: "paypal", state: "missing", setting: "payment_paypal" },
      { id: "shipping", state: "done", setting: "shipping" },
    ]);
    expect(body.blockers).toContain("aucun moyen de paiement configuré");
  });

  it("refuses every order, by transfer or PayPal, with a French 503 and nothing written", async () => {
    const soap = await createSoap(ctx.deps, { price: 10, stock: 3 });
    for (const method of ["bank_transfer", "paypal"] as const) {
      const response = await order(soap.id, method);
      expect(response.status, method).toBe(503);
      const body = (await response.json()) as { code: string; error: string };
      expect(["SHOP_NOT_READY", "PAYPAL_NOT_CONFIGURED"]).toContain(body.code);
      expect(body.error).toMatch(
        /^(La boutique ne prend pas encore de commandes|PayPal n'est pas configuré)/,
      );
    }
    expect((await productEntity(ctx.db).get({ id: soap.id }).go()).data?.stock).toBe(3);
    expect(await (await customer.call("GET", "/api/user/orders")).json()).toEqual([]);
  });

  it("refuses an IBAN or a BIC that is not one, in French, and keeps the stored value", async () => {
    const response = await save("payment_bank_transfer", {
      ...SHOP_BANK,
      iban: "FR76 3000 6000 0112 3456 7890 188",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: "VALIDATION",
      fields: { iban: "IBAN invalide : vérifiez-le sur votre RIB." },
    });
    const bic = await save("payment_bank_transfer", { ...SHOP_BANK, bic: "AGRI" });
    expect(bic.status).toBe(400);
    expect((await setup()).methods.bank_transfer).toBe(false);
  });

  it("turns ready when the owner fills in her identity, her mediator and her bank details, and then sells", async () => {
    expect(
      (await save("company_info", { ...defaultSettings.company_info, ...SHOP_IDENTITY, mediator_url: "" }))
        .status,
    ).toBe(200);
    expect((await save("payment_bank_transfer", SHOP_BANK)).status).toBe(200);
    let body = await setup();
    expect(body.canTakeOrders).toBe(false);
    expect(body.blockers).toEqual(["médiateur de la consommation non renseigné"]);
    expect(body.items.find((item) => item.id === "mediator")?.missing).toEqual(["site du médiateur"]);

    expect((await save("company_info", { ...defaultSettings.company_info, ...SHOP_IDENTITY })).status).toBe(
      200,
    );
    body = await setup();
    expect(body.canTakeOrders).toBe(true);
    expect(body.methods).toEqual({ bank_transfer: true, paypal: false });
    const soap = await createSoap(ctx.deps, { price: 10, stock: 3 });
    expect((await order(soap.id, "bank_transfer")).status).toBe(201);
    // PayPal is still not set up: not offered, and refused if asked for.
    const paypal = await order(soap.id, "paypal");
    expect(paypal.status).toBe(503);
    expect(await paypal.json()).toMatchObject({
      code: "PAYPAL_NOT_CONFIGURED",
      error: "PayPal n'est pas configuré.",
    });
  });
});

describe("a shop seeded by an earlier version", () => {
  it("forgets the seed's example identity and bank details, keeps what the owner wrote, and does it once", async () => {
    await putSetting(ctx.deps, "company_info", {
      ...defaultSettings.company_info,
      ...RETIRED_SEED_EXAMPLES.company_info,
      siret: "123 456 789 00012",
      phone: "06 12 34 56 78",
    });
    await putSetting(ctx.deps, "payment_bank_transfer", {
      enabled: true,
      ...RETIRED_SEED_EXAMPLES.payment_bank_transfer,
      bank_name: "Banque Populaire",
    });
    expect((await retireSeedExamples(ctx.deps)).sort()).toEqual(
      [
        "company_info.address",
        "company_info.email",
        "company_info.legal_form",
        "payment_bank_transfer.beneficiary",
        "payment_bank_transfer.bic",
        "payment_bank_transfer.iban",
      ].sort(),
    );
    const company = (await (await ctx.app.request("/api/settings/company")).json()) as Record<
      string,
      unknown
    >;
    expect(company).toMatchObject({
      email: "",
      address: "",
      legal_form: "",
      phone: "06 12 34 56 78",
      siret: "123 456 789 00012",
    });
    const { data } = await settingEntity(ctx.db).get({ key: "payment_bank_transfer" }).go();
    expect(data?.value).toEqual({
      enabled: true,
      iban: "",
      bic: "",
      beneficiary: "",
      bank_name: "Banque Populaire",
    });
    expect(await retireSeedExamples(ctx.deps)).toEqual([]);
  });
});

describe("SEED_SETTINGS: a new shop started with its owner's settings", () => {
  it("merges each setting over its defaults and checks it, with a French reason for the first problem", () => {
    const result = seedSettingsFrom({ company_info: SHOP_IDENTITY, payment_bank_transfer: SHOP_BANK });
    expect(result).toEqual({
      settings: {
        company_info: { ...defaultSettings.company_info, ...SHOP_IDENTITY },
        payment_bank_transfer: SHOP_BANK,
      },
    });
    expect(seedSettingsFrom([])).toEqual({ problem: "le fichier doit contenir un objet JSON de réglages." });
    expect(seedSettingsFrom({ banque: {} })).toMatchObject({
      problem: expect.stringMatching(/^réglage inconnu « banque »/),
    });
    expect(seedSettingsFrom({ payment_bank_transfer: { iban: "FR00" } })).toEqual({
      problem: "payment_bank_transfer.iban : IBAN invalide : vérifiez-le sur votre RIB.",
    });
  });

  it("is read by npm start's configuration, which refuses a file it cannot use before anything starts", () => {
    const dir = mkdtempSync(join(tmpdir(), "seed-settings-"));
    writeFileSync(join(dir, "ok.json"), JSON.stringify({ company_info: SHOP_IDENTITY }));
    writeFileSync(join(dir, "bad.json"), "{ pas du json");
    expect(localConfigFromEnv({ SEED_SETTINGS: "ok.json" }, dir).seedSettings?.company_info?.siret).toBe(
      SHOP_IDENTITY.siret,
    );
    expect(localConfigFromEnv({}, dir).seedSettings).toBeUndefined();
    expect(() => localConfigFromEnv({ SEED_SETTINGS: "bad.json" }, dir)).toThrow(
      /^SEED_SETTINGS : impossible de lire bad.json/,
    );
    expect(() => localConfigFromEnv({ SEED_SETTINGS: "absent.json" }, dir)).toThrow(StartError);
  });
});
