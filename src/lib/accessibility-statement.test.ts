import { describe, expect, it } from "vitest";
import { RGAA_MODEL_SECTIONS } from "../../tests/support/rgaa";
import {
  ACCESSIBILITY_AUDIT,
  CONFORMITY_STATUSES,
  conformityRate,
  conformityStatus,
} from "../domain/legal/accessibility-statement";
import { accessibilityStatement, frenchDate } from "./accessibility-statement";

const CONTACT = {
  email: "bonjour@savonnerie.fr",
  phone: "04 90 12 34 56",
  address: "3 place du Marché, 84000 Avignon",
};
const audit = (criteriaMet: number, criteriaApplicable = 80) => ({
  date: "2027-03-01",
  auditor: "Cabinet Exemple",
  criteriaMet,
  criteriaApplicable,
});
/** The text a reader gets from a section's HTML: tags out, entities decoded, spaces collapsed. */
const text = (value: { value: string }) =>
  value.value
    .replace(/<[^>]+>/g, "")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("the RGAA conformity status", () => {
  it("is « non conforme » without a valid audit result (the RGAA's rule), whatever the automated checks say", () => {
    expect(conformityStatus(null)).toBe("non conforme");
    expect(conformityStatus(audit(0, 0))).toBe("non conforme");
    expect(conformityStatus(audit(-1))).toBe("non conforme");
    expect(conformityRate(null)).toBeNull();
  });

  it.each([
    [80, "totalement conforme", 100],
    [79, "partiellement conforme", 98],
    [40, "partiellement conforme", 50],
    [39, "non conforme", 48],
  ] as const)("%i criteria met out of 80: %s (%i %)", (met, status, rate) => {
    expect(conformityStatus(audit(met))).toBe(status);
    expect(conformityRate(audit(met))).toBe(rate);
  });

  it("the shop claims what its record allows: no audit recorded, so « non conforme »", () => {
    expect(ACCESSIBILITY_AUDIT).toBeNull();
    expect(
      accessibilityStatement({ shopName: "Savonnerie", siteUrl: "https://savon.test", contact: CONTACT })
        .status,
    ).toBe("non conforme");
  });
});

describe("the statement", () => {
  const statement = accessibilityStatement({
    shopName: "Savonnerie",
    siteUrl: "https://savon.test/",
    contact: CONTACT,
  });
  const section = (id: string) => {
    const found = statement.sections.find((s) => s.id === id);
    if (!found) throw new Error(`no section ${id}`);
    return text(found.body);
  };

  it("follows the RGAA's model: its six sections, in order", () => {
    expect(statement.sections.map((s) => s.title)).toEqual(RGAA_MODEL_SECTIONS);
  });

  it("states one of the RGAA's three statuses, and why", () => {
    const state = section("etat");
    expect(CONFORMITY_STATUSES.filter((status) => state.includes(`est ${status} avec`))).toEqual([
      "non conforme",
    ]);
    expect(state).toContain(
      "https://savon.test est non conforme avec le référentiel général d'amélioration de l'accessibilité (RGAA), version 4.1.2",
    );
    expect(state).toContain("aucun résultat d'audit en cours de validité");
  });

  it("gives the self-assessment's results: what, how, when", () => {
    const results = section("resultats");
    expect(results).toContain("il n'y a pas de taux de conformité");
    expect(results).toMatch(/Notre autoévaluation du \d{1,2} \w+ 20\d\d : l'outil axe-core/u);
    for (const page of ["la rétractation en ligne", "chaque onglet de l'administration", "le panier"])
      expect(results).toContain(page);
    expect(results).toContain("au clavier");
  });

  it("lists what is not accessible: the untagged PDF invoices, PayPal's window", () => {
    const missing = section("contenus-non-accessibles");
    expect(missing).toContain("Non-conformités connues");
    expect(missing).toContain("factures et avoirs au format PDF ne sont pas balisés");
    expect(missing).toContain("Dérogations pour charge disproportionnée");
    expect(missing).toContain("La fenêtre de paiement PayPal");
  });

  it("says when and with what it was made", () => {
    const made = section("etablissement");
    expect(made).toMatch(/Cette déclaration a été établie le \d{1,2} \w+ 20\d\d\./u);
    for (const tool of ["axe-core", "Playwright", "Chromium", "HTML5"]) expect(made).toContain(tool);
  });

  it("gives the shop's contact from the settings, and the Défenseur des droits", () => {
    const contact = section("contact");
    expect(contact).toContain("bonjour@savonnerie.fr");
    expect(contact).toContain("04 90 12 34 56");
    expect(contact).toContain("par courrier à l'adresse 3 place du Marché, 84000 Avignon");
    const recourse = section("recours");
    expect(recourse).toContain("formulaire en ligne");
    expect(recourse).toContain("délégué du Défenseur des droits dans votre région");
    expect(recourse).toContain("Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07");
  });

  it("leaves the contact section out while the settings give no contact (a new shop), never a placeholder", () => {
    const fresh = accessibilityStatement({
      shopName: "Savonnerie",
      siteUrl: "https://savon.test",
      contact: { email: "", phone: "", address: "" },
    });
    expect(fresh.sections.map((s) => s.id)).not.toContain("contact");
    expect(fresh.sections.map((s) => s.id)).toContain("recours");
  });

  it("reports an audit once recorded: its status, rate and auditor", () => {
    const audited = accessibilityStatement({
      shopName: "Savonnerie",
      siteUrl: "https://savon.test",
      contact: CONTACT,
      audit: audit(60),
    });
    expect(audited.status).toBe("partiellement conforme");
    const results = text(audited.sections[1]?.body ?? { value: "" });
    expect(results).toContain(
      "L'audit de conformité réalisé le 1 mars 2027 par Cabinet Exemple révèle que 75 %",
    );
    expect(text(audited.sections[0]?.body ?? { value: "" })).toContain("en raison des non-conformités");
  });

  it("writes dates in French", () => {
    expect(frenchDate("2026-11-27")).toBe("27 novembre 2026");
  });
});
