import { describe, expect, it } from "vitest";
import {
  colissimoMissing,
  colissimoNotConfiguredMessage,
  colissimoSettingSchema,
  defaultColissimoSetting,
  senderAddress,
} from "./colissimo-setting";

describe("senderAddress", () => {
  it.each([
    [
      "12 rue des Oliviers, 84000 Avignon, France",
      { line: "12 rue des Oliviers", zipCode: "84000", city: "Avignon" },
    ],
    [
      "12 rue des Oliviers\n84000 Avignon",
      { line: "12 rue des Oliviers", zipCode: "84000", city: "Avignon" },
    ],
    [
      "Atelier 3, 5 chemin du Moulin 13100 Aix-en-Provence",
      { line: "Atelier 3, 5 chemin du Moulin", zipCode: "13100", city: "Aix-en-Provence" },
    ],
    ["BP 12, 84000 Avignon Cedex 9", { line: "BP 12", zipCode: "84000", city: "Avignon Cedex 9" }],
    // A street number of five digits is not the postal code: the last one followed by the city is.
    [
      "10000 route de Lyon, 38000 Saint-Égrève",
      { line: "10000 route de Lyon", zipCode: "38000", city: "Saint-Égrève" },
    ],
  ])("reads %j", (address, expected) => {
    expect(senderAddress(address)).toEqual(expected);
  });

  it.each([[""], ["12 rue des Oliviers"], ["84000 Avignon"], ["12 rue des Oliviers, Avignon 84000"]])(
    "finds no label address in %j",
    (address) => {
      expect(senderAddress(address)).toBeNull();
    },
  );
});

describe("colissimoMissing", () => {
  const company = { name: "Savonnerie", address: "12 rue des Oliviers, 84000 Avignon" };

  it("is empty when the contract and the shop's address are there", () => {
    expect(colissimoMissing({ contract_number: "123456", password: "enc:x" }, company)).toEqual([]);
  });

  it("names each missing piece, and the message says where to complete it", () => {
    const missing = colissimoMissing(defaultColissimoSetting, { ...company, address: "Avignon" });
    expect(missing).toEqual([
      "le numéro de contrat Colissimo",
      "le mot de passe du contrat Colissimo",
      "l'adresse de la boutique avec son code postal et sa ville (carte « Entreprise »)",
    ]);
    expect(colissimoNotConfiguredMessage(missing.slice(0, 1))).toBe(
      "Colissimo n'est pas configuré : il manque le numéro de contrat Colissimo. Complétez Paramètres.",
    );
  });
});

describe("colissimoSettingSchema", () => {
  it("takes the defaults, and refuses a contract number that is not digits or a fractional packaging", () => {
    expect(colissimoSettingSchema.parse(defaultColissimoSetting)).toEqual(defaultColissimoSetting);
    expect(
      colissimoSettingSchema.safeParse({ ...defaultColissimoSetting, contract_number: "12a456" }).success,
    ).toBe(false);
    expect(colissimoSettingSchema.safeParse({ ...defaultColissimoSetting, packaging_g: 12.5 }).success).toBe(
      false,
    );
    expect(
      colissimoSettingSchema.safeParse({ ...defaultColissimoSetting, label_format: "ZPL" }).success,
    ).toBe(false);
  });
});
