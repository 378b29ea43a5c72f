import type { InvoiceSnapshot } from "../../../src/domain/orders/invoice";

/**
 * Renders an invoice or credit note snapshot as an A4 PDF (pdf-document.ts). The renderer and pdf-lib with its fonts'
 * metrics (~360 KiB) are loaded with the first document: evaluating them took ~25 ms of the documents function's
 * every cold start, and most of its requests (the order list, one order) render no PDF. esbuild keeps them in the
 * one bundle file and defers their evaluation to this import.
 */
export async function renderInvoicePdf(invoice: InvoiceSnapshot): Promise<Uint8Array> {
  const { renderInvoicePdf: render } = await import("./pdf-document");
  return render(invoice);
}
