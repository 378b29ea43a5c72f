import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { formatEuros } from "../../../src/domain/money";
import {
  type InvoiceSnapshot,
  LATE_PAYMENT_MENTION,
  OPERATION_NATURE,
  sirenOf,
  VAT_FRANCHISE_MENTION,
} from "../../../src/domain/orders/invoice";
import { announcementLead, lineAnnouncement } from "../../../src/domain/orders/line-reduction";
import { encodableByAll, pdfText } from "./pdf-text";

/**
 * Deterministic (dated by the issue date): the same snapshot always gives the same bytes. Every text goes through
 * pdfText, so the document is produced whatever a customer's name or address holds.
 */

const frDate = (iso: string) =>
  new Date(iso).toLocaleDateString("fr-FR", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "Europe/Paris",
  });

export async function renderInvoicePdf(invoice: InvoiceSnapshot): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const issued = new Date(invoice.issued_at);
  const title = invoice.kind === "invoice" ? "Facture" : "Avoir";
  pdf.setTitle(`${title} ${invoice.number}`);
  pdf.setAuthor(invoice.seller.name);
  pdf.setCreator(invoice.seller.name);
  pdf.setProducer("Boutique");
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);

  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const encodable = encodableByAll([regular, bold]);
  const text = (value: string) => pdfText(value, encodable);
  /** At most `length` characters of the printable text (cut after filtering: never half a surrogate pair). */
  const clip = (value: string, length: number) => text(value).slice(0, length);
  const euros = (cents: number) => text(formatEuros(cents));
  const page = pdf.addPage([595.28, 841.89]);
  const ink = rgb(0.17, 0.17, 0.14);
  const muted = rgb(0.4, 0.4, 0.36);
  let y = 800;

  const write = (
    value: string,
    x: number,
    options: { font?: PDFFont; size?: number; color?: typeof ink } = {},
  ) =>
    page.drawText(text(value), {
      x,
      y,
      font: options.font ?? regular,
      size: options.size ?? 10,
      color: options.color ?? ink,
    });
  const right = (value: string, xRight: number, font: PDFFont = regular, size = 10) =>
    page.drawText(text(value), {
      x: xRight - font.widthOfTextAtSize(text(value), size),
      y,
      font,
      size,
      color: ink,
    });
  const paragraph = (value: string, x: number, width: number, size = 8, color = muted) => {
    let line = "";
    for (const word of text(value).split(" ")) {
      const candidate = line ? `${line} ${word}` : word;
      if (regular.widthOfTextAtSize(candidate, size) > width && line) {
        page.drawText(line, { x, y, font: regular, size, color });
        y -= size + 3;
        line = word;
      } else line = candidate;
    }
    if (line) page.drawText(line, { x, y, font: regular, size, color });
    y -= size + 3;
  };

  const siren = sirenOf(invoice.seller.siret);
  // The order's one shipping address: the customer's address on documents issued before the reform's mentions.
  const delivery = invoice.delivery ?? { name: invoice.customer.name, address: invoice.customer.address };

  write(invoice.seller.name, 50, { font: bold, size: 14 });
  y -= 16;
  for (const line of [
    invoice.seller.legal_form,
    invoice.seller.address,
    `SIRET : ${invoice.seller.siret || "non renseigné"}`,
    // The reform's mentions (décret n° 2022-1299, CGI art. 242 nonies A): the seller's SIREN, the first 9 digits of
    // the SIRET the snapshot froze (so documents issued before this mention print it too).
    ...(siren ? [`SIREN : ${siren}`] : []),
    ...(invoice.seller.vat_number ? [`N° TVA intracommunautaire : ${invoice.seller.vat_number}`] : []),
    `${invoice.seller.email} · ${invoice.seller.phone}`,
  ]) {
    write(line, 50, { size: 9, color: muted });
    y -= 12;
  }

  y -= 10;
  write(`${title} n° ${invoice.number}`, 50, { font: bold, size: 16 });
  y -= 18;
  write(`Date : ${frDate(invoice.issued_at)}`, 50);
  write(`Commande n° ${invoice.order_number}`, 250);
  y -= 14;
  write(`Nature de l'opération : ${invoice.operation_nature ?? OPERATION_NATURE}`, 50);
  y -= 14;
  if (invoice.cancels) {
    write(`Annule la facture n° ${invoice.cancels}`, 50, { font: bold });
    y -= 14;
  }
  if (invoice.refers_to) {
    write(`Avoir sur la facture n° ${invoice.refers_to} (produits retournés)`, 50, { font: bold });
    y -= 14;
  }

  // Customer, and the delivery address beside it (reform mention)
  y -= 8;
  write("Client", 50, { font: bold });
  write("Adresse de livraison", 300, { font: bold });
  y -= 13;
  // The buyer's name and address (CGI art. 242 nonies A); an e-mail is no mention.
  const customerLines = [invoice.customer.name, ...invoice.customer.address];
  const deliveryLines = [delivery.name, ...delivery.address];
  for (let i = 0; i < Math.max(customerLines.length, deliveryLines.length); i++) {
    write(customerLines[i] ?? "", 50);
    write(deliveryLines[i] ?? "", 300);
    y -= 12;
  }

  y -= 12;
  write("Désignation", 50, { font: bold });
  right("Qté", 360, bold);
  right("Prix unitaire", 450, bold);
  right("Total", 545, bold);
  y -= 6;
  page.drawLine({ start: { x: 50, y }, end: { x: 545, y }, thickness: 0.6, color: muted });
  y -= 14;
  const sign = invoice.kind === "credit_note" ? -1 : 1;
  for (const line of invoice.lines) {
    write(clip(line.name, 60), 50);
    right(String(line.quantity), 360);
    right(euros(line.unit_price_cents), 450);
    right(euros(sign * line.total_cents), 545);
    y -= 14;
    const reduction = lineAnnouncement(line.unit_price_cents, line.reduction);
    if (reduction) {
      // The price charged is the line's; under it, the reference struck through and its mention.
      const lead = text(`${announcementLead(reduction)} `);
      write(lead, 62, { size: 8, color: muted });
      const x = 62 + regular.widthOfTextAtSize(lead, 8);
      write(reduction.reference, x, { size: 8, color: muted });
      const struck = regular.widthOfTextAtSize(text(reduction.reference), 8);
      page.drawLine({
        start: { x, y: y + 2.8 },
        end: { x: x + struck, y: y + 2.8 },
        thickness: 0.6,
        color: muted,
      });
      y -= 11;
      write(reduction.mention, 62, { size: 8, color: muted });
      y -= 12;
    }
    if (line.lots) {
      write(clip(line.lots, 90), 62, { size: 8, color: muted });
      y -= 12;
    }
  }
  page.drawLine({ start: { x: 300, y: y + 6 }, end: { x: 545, y: y + 6 }, thickness: 0.4, color: muted });
  y -= 6;

  const total = (label: string, cents: number, font: PDFFont = regular) => {
    write(label, 300, { font });
    right(euros(sign * cents), 545, font);
    y -= 14;
  };
  total("Sous-total", invoice.subtotal_cents);
  total("Livraison", invoice.shipping_cents);
  if (invoice.discount_cents > 0) {
    total(`Remise${invoice.promo_code ? ` (code ${invoice.promo_code})` : ""}`, -invoice.discount_cents);
  }
  if (invoice.vat.mode === "rate") {
    total("Total HT", invoice.vat.net_cents);
    total(`TVA ${String(invoice.vat.rate_percent).replace(".", ",")} %`, invoice.vat.vat_cents);
    total("Total TTC", invoice.total_cents, bold);
  } else {
    total("Total", invoice.total_cents, bold);
    write(VAT_FRANCHISE_MENTION, 300, { size: 9, color: muted });
    y -= 14;
  }

  // Payment and mandatory mentions
  y -= 10;
  write(
    invoice.kind === "invoice"
      ? `Payée par ${invoice.payment.method} le ${frDate(invoice.payment.paid_at)}.`
      : `Remboursement par ${invoice.payment.method}.`,
    50,
  );
  y -= 20;
  paragraph(LATE_PAYMENT_MENTION, 50, 495);
  paragraph("Montants en euros.", 50, 495);

  return pdf.save({ useObjectStreams: false });
}
