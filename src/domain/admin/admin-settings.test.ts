import { describe, expect, it } from "vitest";
import { defaultSettings, settingSchemas } from "../settings/settings";
import {
  clampInteger,
  DEFAULT_MAINTENANCE_MESSAGE,
  isPaypalSandbox,
  maintenanceForm,
  maintenanceStatusLabel,
  maintenanceValue,
  PAYPAL_SANDBOX_URL,
  SECRET_MASK,
  secretDisplay,
  settingsByKey,
  shippingForm,
  shippingValue,
  trimmedValue,
} from "./admin-settings";

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
    });
    expect(value).toEqual({ free_shipping_threshold: 79.9, standard_cost: 0, shipping_company: "Colissimo" });
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
