/**
 * The invoice PDF prints whatever text was stored (issue 28 item 2): U+007F..U+009F in a name or an address made
 * pdf-lib throw « WinAnsi cannot encode » and the invoice, the admin's copy and the data export answer 500. The
 * filter is checked against the font itself (pdf-lib's Helvetica and Helvetica-Bold: encodeText and
 * widthOfTextAtSize throw on what they cannot encode), over all of Unicode, lone surrogates included.
 */
import fc from "fast-check";
import { PDFDocument, type PDFFont, StandardFonts } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import type { InvoiceSnapshot } from "../../../src/domain/orders/invoice";
import { renderInvoicePdf } from "./pdf-document";
import { encodableByAll, pdfText, UNPRINTABLE } from "./pdf-text";

let fonts: PDFFont[] = [];
let characterSet: number[] = [];
let encodable: (codePoint: number) => boolean = () => false;
beforeAll(async () => {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  fonts = [regular, await pdf.embedFont(StandardFonts.HelveticaBold)];
  characterSet = regular.getCharacterSet();
  encodable = encodableByAll(fonts);
});

/** Any code point of Unicode (0 to 10FFFF), and now and then half a surrogate pair, as JSON.parse can give. */
const anyCodePoint = fc.oneof(
  { weight: 9, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)) },
);
const anyText = fc.array(anyCodePoint, { maxLength: 40 }).map((chars) => chars.join(""));
/** Strings from the part of Unicode that caused the 500s: C0 and C1 controls, DEL, Latin-1, the spaces. */
const nearLatin1 = fc
  .array(
    fc.integer({ min: 0, max: 0x2100 }).map((cp) => String.fromCodePoint(cp)),
    { maxLength: 40 },
  )
  .map((chars) => chars.join(""));

/** The font's own verdict: both faces encode and measure the text, or this throws. */
function fontAccepts(value: string) {
  for (const font of fonts) {
    font.encodeText(value);
    font.widthOfTextAtSize(value, 10);
  }
}

describe("pdfText", () => {
  it("gives text the fonts encode, for any string of Unicode", () => {
    fc.assert(
      fc.property(fc.oneof(anyText, nearLatin1), (value) => {
        fontAccepts(pdfText(value, encodable));
      }),
      { numRuns: 3000 },
    );
  });

  it("the unfiltered text of U+007F..U+009F is what the font refuses (the defect this filter answers)", () => {
    expect(() => fontAccepts("Rue\u0085du Four")).toThrow(/WinAnsi cannot encode/);
    for (let cp = 0x7f; cp <= 0x9f; cp++) {
      expect(() => fontAccepts(String.fromCodePoint(cp))).toThrow();
      expect(() => fontAccepts(pdfText(String.fromCodePoint(cp), encodable))).not.toThrow();
    }
  });

  it("leaves text the font encodes unchanged", () => {
    const fontText = fc
      .array(fc.constantFrom(...characterSet), { maxLength: 60 })
      .map((cps) => String.fromCodePoint(...cps));
    fc.assert(
      fc.property(fontText, (value) => {
        expect(pdfText(value, encodable)).toBe(value);
      }),
    );
  });

  it("drops nothing silently: every code point that prints something gives at least one character", () => {
    const invisible = /^[\p{M}\p{Default_Ignorable_Code_Point}]$/u;
    fc.assert(
      fc.property(anyText, (value) => {
        const printing = [...value.normalize("NFC")].filter((char) => !invisible.test(char)).length;
        expect([...pdfText(value, encodable)].length).toBeGreaterThanOrEqual(printing);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ["Rue\u0085du Four", "Rue du Four"],
    ["5\u00a0rue du\tFour\r\n13001", "5\u00a0rue du Four  13001"],
    ["12\u202f345,00\u00a0€", "12\u00a0345,00\u00a0€"],
    ["L\u02bcAmour", "L’Amour"],
    ["Jean\u2011Pierre \u2212 5", "Jean-Pierre - 5"],
    ["«\u00a0Savon\u00a0» “doux” ‘fin’ …", "«\u00a0Savon\u00a0» “doux” ‘fin’ …"],
    ["Łódź, Wrocław", "Lódz, Wroclaw"],
    ["Ştefan Dumitrescu, Iași", "Stefan Dumitrescu, Iasi"],
    ["Erdoğan, Győr", "Erdogan, Gyor"],
    ["e\u0301te\u0301", "été"],
    ["\ufb01n ｓａｖｏｎ №\u00a07", "fin savon No\u00a07"],
    ["ZWSP\u200bici\u200d\ufeff", "ZWSPici"],
    ["Иван", "????"],
    ["Savon 🧼 doux", "Savon ? doux"],
    ["\u0001\u007f\u0080\u009f", "????"],
    ["\ud800x", "?x"],
  ])("%j prints as %j", (stored, printed) => {
    expect(pdfText(stored, encodable)).toBe(printed);
    expect(UNPRINTABLE).toBe("?");
  });
});

const snapshot = (text: (field: string) => string): InvoiceSnapshot => ({
  kind: "invoice",
  number: "FA-2026-000001",
  issued_at: "2026-03-02T10:00:00.000Z",
  order_id: "01JORDERAAAA0001",
  order_number: "AAAA0001",
  seller: {
    name: text("seller"),
    legal_form: "EI",
    siret: "123 456 789 00012",
    vat_number: "",
    address: text("seller address"),
    email: "contact@example.fr",
    phone: "04 90 00 00 00",
  },
  customer: {
    name: text("name"),
    address: [text("line 1"), text("line 2"), "13001 Marseille", "FR"],
  },
  delivery: { name: text("delivery name"), address: [text("delivery line"), "FR"] },
  operation_nature: "Livraison de biens",
  lines: [
    { name: text("product"), quantity: 2, unit_price_cents: 3490, total_cents: 6980, lots: text("lots") },
  ],
  subtotal_cents: 6980,
  shipping_cents: 0,
  discount_cents: 500,
  promo_code: text("promo"),
  total_cents: 6480,
  vat: { mode: "franchise" },
  payment: { method: text("method"), paid_at: "2026-03-02T10:00:00.000Z" },
});

const FIELDS = [
  "seller",
  "seller address",
  "name",
  "line 1",
  "line 2",
  "delivery name",
  "delivery line",
  "product",
  "lots",
  "promo",
  "method",
] as const;
/** Some of the snapshot's texts drawn from all of Unicode or from near Latin-1, the others from `other`. */
const fields = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(anyText, nearLatin1));

async function pdfTextOf(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}

describe("renderInvoicePdf", () => {
  it("builds a PDF whatever the stored texts hold", async () => {
    await fc.assert(
      fc.asyncProperty(fields, fc.oneof(anyText, nearLatin1), async (texts, other) => {
        const bytes = await renderInvoicePdf(snapshot((field) => texts[field] ?? other));
        expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
      }),
      { numRuns: 80 },
    );
  });

  it("prints a name and an address holding C1 controls (U+0080, U+0085, U+009F) and a narrow no-break space", async () => {
    const bytes = await renderInvoicePdf(
      snapshot((field) =>
        field === "line 1"
          ? "5\u0085rue\u202fdu Four"
          : field === "name"
            ? "Lina\u0080Moreau\u009f"
            : `Nom ${field}`,
      ),
    );
    const text = (await pdfTextOf(bytes)).replace(/\s+/g, " ");
    expect(text).toContain("5 rue du Four");
    expect(text).toContain("Lina?Moreau?");
  });

  // Issue 28 item 7: a credit note negates every amount, a free delivery too; it printed « Livraison -0,00 € ».
  it("prints a credit note's free delivery as 0,00 €, never -0,00 €", async () => {
    const bytes = await renderInvoicePdf({
      ...snapshot((field) => `Texte ${field}`),
      kind: "credit_note",
      number: "AV-2026-000001",
      cancels: "FA-2026-000001",
    });
    const text = (await pdfTextOf(bytes)).replace(/\s+/g, " ");
    expect(text).toContain("Livraison 0,00 €");
    expect(text).toContain("Sous-total -69,80 €");
    expect(text).not.toContain("-0,00");
  });
});
