/**
 * Issue 15: the consumer mediator (Code de la consommation L612-1, L616-1) is a company setting the owner fills in;
 * shoppers see its name and website (the footer, the CGV and the order e-mails read GET /api/settings/company).
 */
import { describe, expect, it } from "vitest";
import { settingEntity } from "../../functions/settings/entity";
import { consumerMediator } from "../../src/domain/settings/settings";
import { createTestContext } from "../setup/test-db";
import { createCustomer, placeTransferOrder } from "../support/customers";
import { readMails } from "../support/mail";
import { createSoap } from "../support/products";
import { SHOP_COMPANY } from "../support/shop-setup";

const ctx = await createTestContext();
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const company = SHOP_COMPANY;

async function saveCompany(change: Record<string, unknown>) {
  return admin.call("PUT", "/api/admin/settings/company_info", { value: { ...company, ...change } });
}

describe("the consumer mediator", () => {
  it("is empty until the owner fills it in, and no mediator is named until both fields are filled in", async () => {
    await saveCompany({ mediator_name: "", mediator_url: "" });
    const body = (await (await ctx.app.request("/api/settings/company")).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ mediator_name: "", mediator_url: "" });
    expect(consumerMediator({ mediator_name: "CM2C", mediator_url: "" })).toBeNull();
    expect(consumerMediator({ mediator_name: " ", mediator_url: "https://www.cm2c.net" })).toBeNull();
  });

  it("is saved by the owner and published to shoppers", async () => {
    const saved = await saveCompany({ mediator_name: " CM2C ", mediator_url: "https://www.cm2c.net" });
    expect(saved.status).toBe(200);
    const body = (await (await ctx.app.request("/api/settings/company")).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ mediator_name: "CM2C", mediator_url: "https://www.cm2c.net" });
  });

  it.each(["javascript:alert(1)", "http://www.cm2c.net", "www.cm2c.net", "data:text/html,<b>x</b>"])(
    "refuses a website that is not an https address: %s",
    async (url) => {
      const response = await saveCompany({ mediator_name: "CM2C", mediator_url: url });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: "VALIDATION",
        fields: { mediator_url: "L'adresse du site du médiateur doit être une URL commençant par https://." },
      });
    },
  );

  it("keeps a company setting saved before the mediator existed readable", async () => {
    const { mediator_name: _name, mediator_url: _url, ...older } = company;
    await settingEntity(ctx.db)
      .put({ key: "company_info", value: older, updated_at: new Date().toISOString() })
      .go();
    const body = (await (await ctx.app.request("/api/settings/company")).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ name: company.name, mediator_name: "", mediator_url: "" });
  });
});

describe("the order e-mails", () => {
  it("are never sent without a mediator: the shop takes no order until the owner names one", async () => {
    const buyer = await createCustomer(ctx.deps, ctx.app);
    const soap = await createSoap(ctx.deps, { price: 10, stock: 10 });
    await saveCompany({ mediator_name: "", mediator_url: "" });
    const refused = await buyer.call("POST", "/api/orders", {
      items: [{ product_id: soap.id, quantity: 1 }],
      shipping_address_id: buyer.addressId,
      total_amount: 17.8,
      payment_method: "bank_transfer",
      transfer_sender_name: "Client",
    });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ code: "SHOP_NOT_READY" });
    expect(readMails(ctx.mailDir).filter((mail) => mail.to === buyer.email)).toHaveLength(0);

    await saveCompany({ mediator_name: "CM2C", mediator_url: "https://www.cm2c.net" });
    await placeTransferOrder(buyer, soap.id, 1, 17.8);
    await ctx.deps.accountMail.flush();
    const mails = readMails(ctx.mailDir).filter(
      (mail) => mail.to === buyer.email && /Confirmation/.test(mail.subject),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(
      "garantie légale de conformité pendant deux ans à compter de la livraison",
    );
    expect(mails[0]?.text).toContain("http://shop.test/cgv#garanties");
    expect(mails[0]?.html).toContain("garantie des vices cachés");
    const line =
      "vous pouvez recourir gratuitement au médiateur de la consommation : CM2C (https://www.cm2c.net).";
    expect(mails[0]?.text).toContain(line);
    expect(mails[0]?.html).toContain(line);
  });
});
