import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contactMeans, contactUs, mailLink, oneLineAddress, phoneLink } from "./contact-text";

const EMPTY = { email: "", phone: "", address: "" };
const FILLED = {
  email: "bonjour@savonnerie.fr",
  phone: "04 90 12 34 56",
  address: "3 place du Marché\n84000 Avignon",
};

describe("contact sentences of a new shop (nothing filled in)", () => {
  it("are absent: no means, no promise, no reference to a value not shown", () => {
    expect(contactMeans(EMPTY)).toBeNull();
    expect(contactMeans(EMPTY, { post: true, subject: "Retour" })).toBeNull();
    expect(contactUs(EMPTY, { post: true })).toBeNull();
    expect(mailLink(EMPTY)).toBeNull();
    expect(phoneLink(EMPTY)).toBeNull();
    expect(contactMeans({ email: "  ", phone: " ", address: " " }, { post: true })).toBeNull();
  });
});

describe("contact sentences of a shop set up", () => {
  it("cite each value the settings give, joined in French", () => {
    expect(contactMeans(FILLED, { post: true })?.value).toBe(
      'par e-mail à <a href="mailto:bonjour@savonnerie.fr">bonjour@savonnerie.fr</a>, par téléphone au ' +
        '<a href="tel:0490123456">04 90 12 34 56</a> ou par courrier à l\'adresse 3 place du Marché, 84000 Avignon',
    );
    expect(contactMeans(FILLED)?.value).toBe(
      'par e-mail à <a href="mailto:bonjour@savonnerie.fr">bonjour@savonnerie.fr</a> ou par téléphone au ' +
        '<a href="tel:0490123456">04 90 12 34 56</a>',
    );
  });

  it("leave the phone out of a written notice", () => {
    expect(contactMeans(FILLED, { post: true, phone: false })?.value).toBe(
      'par e-mail à <a href="mailto:bonjour@savonnerie.fr">bonjour@savonnerie.fr</a> ou par courrier à ' +
        "l'adresse 3 place du Marché, 84000 Avignon",
    );
  });

  it("leave out only what is missing", () => {
    expect(contactMeans({ ...FILLED, phone: "" }, { post: true })?.value).toBe(
      'par e-mail à <a href="mailto:bonjour@savonnerie.fr">bonjour@savonnerie.fr</a> ou par courrier à ' +
        "l'adresse 3 place du Marché, 84000 Avignon",
    );
    expect(contactMeans({ ...EMPTY, phone: "+33 4 90 12 34 56" })?.value).toBe(
      'par téléphone au <a href="tel:+33490123456">+33 4 90 12 34 56</a>',
    );
    // The postal address alone is a means only for a written notice.
    expect(contactMeans({ ...EMPTY, address: FILLED.address })).toBeNull();
    expect(contactUs({ ...EMPTY, address: FILLED.address }, { post: true }, ".")?.value).toBe(
      "Contactez-nous par courrier à l'adresse 3 place du Marché, 84000 Avignon.",
    );
  });

  it("put the mail's subject in the link and escape every value", () => {
    expect(mailLink(FILLED, "Retour de commande")?.value).toBe(
      '<a href="mailto:bonjour@savonnerie.fr?subject=Retour%20de%20commande">bonjour@savonnerie.fr</a>',
    );
    expect(contactMeans({ ...EMPTY, address: "<b>1 rue</b> & Cie" }, { post: true })?.value).toBe(
      "par courrier à l'adresse &lt;b&gt;1 rue&lt;/b&gt; &amp; Cie",
    );
    expect(oneLineAddress("  1 rue des Lilas \n\n 75001 Paris ")).toBe("1 rue des Lilas, 75001 Paris");
  });
});

describe("the pages' texts", () => {
  /** Words that promise a value or point at one instead of citing it (issue 28 item 14). */
  const DANGLING = [
    /publiée très bientôt/i,
    /adresse ci-dessus/i,
    /adresse du Vendeur/i,
    /e-mail ci-dessus/i,
  ];
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? sources(join(dir, entry.name))
        : /\.(astro|ts)$/.test(entry.name) && !entry.name.endsWith(".test.ts")
          ? [join(dir, entry.name)]
          : [],
    );

  it.each(sources("src"))("%s cites the settings' values instead of referring to them", (file) => {
    const text = readFileSync(file, "utf8");
    for (const words of DANGLING) expect(text, `${file}: ${words}`).not.toMatch(words);
  });
});
