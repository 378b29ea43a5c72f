import { describe, expect, it } from "vitest";
import {
  COLISSIMO_HOME_PRODUCTS,
  COLISSIMO_LABEL_FORMATS,
  clampInteger,
  colissimoForm,
  colissimoStatus,
  colissimoValue,
  DEFAULT_MAINTENANCE_MESSAGE,
  isPaypalSandbox,
  maintenanceForm,
  maintenanceStatusLabel,
  maintenanceValue,
  optionsOf,
  PAYPAL_SANDBOX_URL,
  SECRET_MASK,
  secretDisplay,
  settingsByKey,
  shippingForm,
  shippingValue,
  trimmedValue,
} from "./admin-settings";
import { defaultColissimoSetting } from "./colissimo-setting";
import { defaultSettings, settingSchemas } from "./settings";

describe("settings rows", () => {
  it("are read by key, odd rows ignored", () => {
    const settings = settingsByKey([
      { setting_key: "shipping", setting_value: defaultSettings.shipping },
      { setting_key: "maintenance", setting_value: null },
    ]);
    expect(settings.shipping).toEqual(defaultSettings.shipping);
    expect(settings.maintenance).toBeUndefined();
  });
});

describe("PayPal card", () => {
  it.each([
    [PAYPAL_SANDBOX_URL, true],
    [`${PAYPAL_SANDBOX_URL}/`, true],
    ["https://api-m.paypal.com", false],
    ["", false],
  ])("%j is the sandbox: %s", (url, sandbox) => {
    expect(isPaypalSandbox(url)).toBe(sandbox);
  });

  it("shows the secret masked, or 'Non configuré'", () => {
    expect(secretDisplay("abc")).toBe(SECRET_MASK);
    expect(secretDisplay(SECRET_MASK)).toBe(SECRET_MASK);
    expect(secretDisplay("")).toBe("Non configuré");
  });
});

describe("shipping card (amounts parsed as decimals, invalid becomes 0)", () => {
  it("parses and passes the server's schema", () => {
    const value = shippingValue({
      free_shipping_threshold: "79,90",
      standard_cost: "n/a",
      shipping_company: " Colissimo ",
      pickup_cost: "4,9",
      pickup_free_shipping_threshold: "",
    });
    expect(value).toEqual({
      free_shipping_threshold: 79.9,
      standard_cost: 0,
      shipping_company: "Colissimo",
      pickup_cost: 4.9,
      pickup_free_shipping_threshold: 0,
    });
    expect(settingSchemas.shipping.safeParse(value).success).toBe(true);
    expect(shippingValue(shippingForm(defaultSettings.shipping))).toEqual(defaultSettings.shipping);
  });
});

describe("maintenance card", () => {
  it.each([
    ["2", 0, 24, 2],
    ["30", 0, 24, 24],
    ["-3", 0, 59, 0],
    ["x", 0, 59, 0],
  ])("clamps %j into [%i, %i] -> %i", (text, min, max, value) => {
    expect(clampInteger(text, min, max)).toBe(value);
  });

  it("keeps the countdown in range, the default message when emptied, and passes the server's schema", () => {
    const value = maintenanceValue({
      enabled: true,
      message: "  ",
      countdown_hours: "99",
      countdown_minutes: "75",
    });
    expect(value).toEqual({
      enabled: true,
      message: DEFAULT_MAINTENANCE_MESSAGE,
      countdown_hours: 24,
      countdown_minutes: 59,
    });
    expect(settingSchemas.maintenance.safeParse({ ...value, ends_at: null }).success).toBe(true);
    const { ends_at: _ends, ...defaults } = defaultSettings.maintenance;
    expect(maintenanceValue(maintenanceForm(defaultSettings.maintenance))).toEqual(defaults);
  });

  it("labels the status", () => {
    expect(maintenanceStatusLabel(true)).toBe("Maintenance Activée");
    expect(maintenanceStatusLabel(false)).toBe("Site Actif");
  });
});

it("trims the texts of a setting, leaving flags alone", () => {
  expect(trimmedValue({ enabled: true, iban: " FR76 ", bic: "AGRI " })).toEqual({
    enabled: true,
    iban: "FR76",
    bic: "AGRI",
  });
});

describe("Colissimo card", () => {
  const company = { ...defaultSettings.company_info, address: "12 rue des Oliviers, 84000 Avignon, France" };
  const contract = { ...defaultColissimoSetting, contract_number: "123456", password: SECRET_MASK };

  it("offers the formats and products in their order for the selects", () => {
    expect(optionsOf(COLISSIMO_LABEL_FORMATS).map(({ value }) => value)).toEqual([
      "PDF_10x15_300dpi",
      "PDF_A4_300dpi",
    ]);
    expect(optionsOf(COLISSIMO_HOME_PRODUCTS)).toEqual([
      { value: "DOM", label: "Domicile sans signature" },
      { value: "DOS", label: "Domicile contre signature" },
    ]);
  });

  it("says it is configured once the contract and the shop's address are there", () => {
    expect(colissimoStatus({ shipping_colissimo: contract, company_info: company })).toEqual({
      configured: true,
      text: "Configuré : les étiquettes se créent depuis les commandes.",
    });
  });

  it("says what is missing otherwise, the shop's address included", () => {
    expect(
      colissimoStatus({
        shipping_colissimo: { ...contract, password: "" },
        company_info: { ...company, address: "Avignon" },
      }),
    ).toEqual({
      configured: false,
      text: "Non configuré : il manque le mot de passe du contrat Colissimo, l'adresse de la boutique avec son code postal et sa ville (carte « Entreprise »).",
    });
    expect(colissimoStatus({}).configured).toBe(false);
  });

  it("keeps a stored secret by sending its mask back, removes it when emptied, sends one typed", () => {
    const form = colissimoForm({ ...contract, api_key: "" });
    expect(form).toEqual({
      contract_number: "123456",
      password: SECRET_MASK,
      api_key: "",
      label_format: "PDF_10x15_300dpi",
      home_product: "DOM",
      packaging_g: "150",
    });
    expect(colissimoValue(form)).toEqual({ ...contract, api_key: "" });
    expect(colissimoValue({ ...form, password: "" }).password).toBe("");
    expect(colissimoValue({ ...form, password: " Mdp-123 ", api_key: " cle " })).toMatchObject({
      password: "Mdp-123",
      api_key: "cle",
    });
  });

  it.each([
    ["123 456", "150", "123456", 150],
    [" 1234567 ", " 80 ", "1234567", 80],
    ["123456", "0", "123456", 0],
    ["123456", "150,5", "123456", 150.5],
    ["123456", "cent", "123456", null],
    ["123456", "", "123456", null],
  ])("sends contract %j and packaging %j as %j and %j", (typedContract, packaging, sentContract, grams) => {
    const value = colissimoValue({
      ...colissimoForm(contract),
      contract_number: typedContract,
      packaging_g: packaging,
    });
    expect(value.contract_number).toBe(sentContract);
    expect(value.packaging_g).toBe(grams);
  });

  it("sends what the server's schema takes, and the defaults back as they were", () => {
    const schema = settingSchemas.shipping_colissimo;
    expect(colissimoValue(colissimoForm(defaultColissimoSetting))).toEqual(defaultColissimoSetting);
    expect(schema.safeParse(colissimoValue(colissimoForm(contract))).success).toBe(true);
    // What the server refuses, it refuses with its French message beside the field.
    const fractional = schema.safeParse(colissimoValue({ ...colissimoForm(contract), packaging_g: "150,5" }));
    expect(fractional.error?.issues[0]).toMatchObject({
      path: ["packaging_g"],
      message: "Le poids de l'emballage est un nombre entier de grammes.",
    });
  });
});
