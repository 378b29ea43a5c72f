import { describe, expect, it } from "vitest";
import { formatEuros } from "../money";
import { defaultSettings } from "./settings";
import { type SetupSettings, shopSetup } from "./shop-setup";

/** A shop filled in as its owner would: identity, mediator, bank details and PayPal. */
const ready: SetupSettings = {
  company_info: {
    ...defaultSettings.company_info,
    email: "contact@savonnerie.fr",
    phone: "04 90 12 34 56",
    address: "3 place du Marché, 84000 Avignon",
    legal_name: "Mariam Haddad EI",
    legal_form: "Entreprise individuelle (micro-entreprise)",
    siret: "123 456 789 00012",
    mediator_name: "CM2C",
    mediator_url: "https://www.cm2c.net",
  },
  payment_bank_transfer: {
    enabled: true,
    iban: "FR76 3000 6000 0112 3456 7890 189",
    bic: "AGRIFRPP",
    beneficiary: "Mariam Haddad",
    bank_name: "Crédit Agricole",
  },
  payment_paypal: {
    base_url: "https://api-m.paypal.com",
    client_id: "AbC",
    client_secret: "sEcReT",
    webhook_id: "WH-1",
  },
  shipping: defaultSettings.shipping,
};

function states(settings: SetupSettings) {
  return Object.fromEntries(shopSetup(settings).items.map((item) => [item.id, item.state]));
}

describe("shopSetup", () => {
  it("a new shop (the defaults) cannot sell, and says why", () => {
    const setup = shopSetup(defaultSettings);
    expect(setup.canTakeOrders).toBe(false);
    expect(setup.methods).toEqual({ bank_transfer: false, paypal: false });
    expect(states(defaultSettings)).toEqual({
      company: "missing",
      mediator: "missing",
      bank_transfer: "missing",
      paypal: "missing",
      shipping: "done",
    });
    expect(setup.blockers).toEqual([
      "identité de l'entreprise incomplète (nom ou dénomination, forme juridique, SIRET, adresse, e-mail, téléphone)",
      "médiateur de la consommation non renseigné",
      "aucun moyen de paiement configuré",
    ]);
  });

  it("a filled-in shop sells by both methods", () => {
    const setup = shopSetup(ready);
    expect(setup.canTakeOrders).toBe(true);
    expect(setup.blockers).toEqual([]);
    expect(setup.methods).toEqual({ bank_transfer: true, paypal: true });
    expect(setup.items.every((item) => item.state === "done")).toBe(true);
  });

  it.each<
    [string, (s: SetupSettings) => SetupSettings, { canTakeOrders: boolean; bank: boolean; paypal: boolean }]
  >([
    [
      "PayPal without credentials: bank transfer only",
      (s) => ({ ...s, payment_paypal: { ...s.payment_paypal, client_secret: "" } }),
      { canTakeOrders: true, bank: true, paypal: false },
    ],
    [
      "PayPal without its webhook is not offered",
      (s) => ({ ...s, payment_paypal: { ...s.payment_paypal, webhook_id: "" } }),
      { canTakeOrders: true, bank: true, paypal: false },
    ],
    [
      "bank transfer switched off: PayPal only",
      (s) => ({ ...s, payment_bank_transfer: { ...s.payment_bank_transfer, enabled: false } }),
      { canTakeOrders: true, bank: false, paypal: true },
    ],
    [
      "an IBAN with a wrong key is not a bank detail",
      (s) => ({
        ...s,
        payment_bank_transfer: { ...s.payment_bank_transfer, iban: "FR76 3000 6000 0112 3456 7890 188" },
      }),
      { canTakeOrders: true, bank: false, paypal: true },
    ],
    [
      "neither method: no orders",
      (s) => ({
        ...s,
        payment_bank_transfer: { ...s.payment_bank_transfer, beneficiary: " " },
        payment_paypal: { ...s.payment_paypal, client_id: "" },
      }),
      { canTakeOrders: false, bank: false, paypal: false },
    ],
    [
      "no SIRET: no orders",
      (s) => ({ ...s, company_info: { ...s.company_info, siret: "" } }),
      { canTakeOrders: false, bank: true, paypal: true },
    ],
    [
      "a SIRET of 13 digits is not one",
      (s) => ({ ...s, company_info: { ...s.company_info, siret: "1234567890001" } }),
      { canTakeOrders: false, bank: true, paypal: true },
    ],
    [
      "no mediator website: no orders",
      (s) => ({ ...s, company_info: { ...s.company_info, mediator_url: "" } }),
      { canTakeOrders: false, bank: true, paypal: true },
    ],
    [
      "VAT charged without a VAT number: no orders",
      (s) => ({ ...s, company_info: { ...s.company_info, vat_mode: "rate" } }),
      { canTakeOrders: false, bank: true, paypal: true },
    ],
    [
      "VAT charged with its number",
      (s) => ({ ...s, company_info: { ...s.company_info, vat_mode: "rate", vat_number: "FR12123456789" } }),
      { canTakeOrders: true, bank: true, paypal: true },
    ],
  ])("%s", (_name, change, expected) => {
    const setup = shopSetup(change(ready));
    expect({
      canTakeOrders: setup.canTakeOrders,
      bank: setup.methods.bank_transfer,
      paypal: setup.methods.paypal,
    }).toEqual(expected);
  });

  it("names what is missing on each item and links it to its settings card", () => {
    const setup = shopSetup({
      ...ready,
      company_info: { ...ready.company_info, phone: "", mediator_name: "" },
      payment_paypal: { ...ready.payment_paypal, webhook_id: "" },
    });
    const byId = Object.fromEntries(setup.items.map((item) => [item.id, item]));
    expect(byId.company).toMatchObject({ state: "missing", missing: ["téléphone"], setting: "company_info" });
    expect(byId.mediator).toMatchObject({ state: "missing", missing: ["nom du médiateur"] });
    expect(byId.paypal).toMatchObject({
      state: "missing",
      missing: ["identifiant du webhook"],
      setting: "payment_paypal",
    });
    expect(byId.paypal?.detail).toContain("Manque : identifiant du webhook.");
  });

  it("the shipping line names the pick-up point's price once the « Colissimo » card is complete (issue 31)", () => {
    const shippingDetail = (settings: SetupSettings) =>
      shopSetup(settings).items.find((item) => item.id === "shipping")?.detail;
    const home = `Colissimo : ${formatEuros(780)}, offerte dès ${formatEuros(10000)} d'achats.`;
    expect(shippingDetail(ready)).toBe(home);
    const contract = { contract_number: "123456", password: "sealed-secret" };
    const withRelay = {
      ...ready,
      shipping: { ...ready.shipping, pickup_cost: 4.9, pickup_free_shipping_threshold: 60 },
      shipping_colissimo: contract,
    };
    expect(shippingDetail(withRelay)).toBe(
      `${home} Point relais : ${formatEuros(490)}, offert dès ${formatEuros(6000)} d'achats.`,
    );
    // Not offered: the contract incomplete, or the shop's address without its postal code and city.
    expect(shippingDetail({ ...withRelay, shipping_colissimo: { ...contract, password: "" } })).toBe(home);
    expect(
      shippingDetail({
        ...withRelay,
        company_info: { ...withRelay.company_info, address: "3 place du Marché" },
      }),
    ).toBe(home);
    expect(shippingDetail(defaultSettings)).toBe(home);
  });

  it("a switched-off bank transfer is 'off', not missing", () => {
    const setup = shopSetup({
      ...ready,
      payment_bank_transfer: { ...defaultSettings.payment_bank_transfer, enabled: false },
    });
    expect(setup.items.find((item) => item.id === "bank_transfer")?.state).toBe("off");
  });
});
