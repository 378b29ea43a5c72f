/**
 * Issue 15: the consumer mediator (Code de la consommation L612-1, L616-1) is a company setting the owner fills in;
 * shoppers see its name and website (the footer, the CGV and the order e-mails read GET /api/settings/company).
 */
import { describe, expect, it } from "vitest";
import { consumerMediator, defaultSettings } from "../../src/domain/settings";
import { createTestContext } from "../setup/test-db";
import { createCustomer, placeTransferOrder } from "../support/customers";
import { readMails } from "../support/mail";
import { createSoap } from "../support/products";

const ctx = await createTestContext();
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const company = defaultSettings.company_info;

async function saveCompany(change: Record<string, unknown>) {
  return admin.call("PUT", "/api/admin/settings/company_info", { value: { ...company, ...change } });
}

describe("the consumer mediator", () => {
  it("is empty in a new shop, and no mediator is named until both fields are filled in", async () => {
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
    await ctx.db.entities.setting
      .put({ key: "company_info", value: older, updated_at: new Date().toISOString() })
      .go();
    const body = (await (await ctx.app.request("/api/settings/company")).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ name: company.name, mediator_name: "", mediator_url: "" });
  });
});

describe("the order e-mails", () => {
  it("state the legal guarantees in the confirmation, and name the mediator once the owner has", async () => {
    const buyer = await createCustomer(ctx.deps, ctx.app);
    const soap = await createSoap(ctx.deps, { price: 10, stock: 10 });
    await saveCompany({ mediator_name: "", mediator_url: "" });
    await placeTransferOrder(buyer, soap.id, 1, 17.8);
    const before = readMails(ctx.mailDir).filter(
      (mail) => mail.to === buyer.email && /Confirmation/.test(mail.subject),
    );
    expect(before).toHaveLength(1);
    expect(before[0]?.text).toContain(
      "garantie légale de conformité pendant deux ans à compter de la livraison",
    );
    expect(before[0]?.text).toContain("http://shop.test/cgv#garanties");
    expect(before[0]?.html).toContain("garantie des vices cachés");
    expect(before[0]?.text).not.toContain("médiateur");

    await saveCompany({ mediator_name: "CM2C", mediator_url: "https://www.cm2c.net" });
    await placeTransferOrder(buyer, soap.id, 1, 17.8);
    const after = readMails(ctx.mailDir).filter(
      (mail) => mail.to === buyer.email && /Confirmation/.test(mail.subject),
    );
    expect(after).toHaveLength(2);
    const line =
      "vous pouvez recourir gratuitement au médiateur de la consommation : CM2C (https://www.cm2c.net).";
    expect(after[1]?.text).toContain(line);
    expect(after[1]?.html).toContain(line);
  });
});
