import type { InvoiceSnapshot } from "../../../src/domain/orders/invoice";

/** pdf-lib and its fonts' metrics (~360 KiB) took ~25 ms of every cold start: evaluated at the first document. */
export async function renderInvoicePdf(invoice: InvoiceSnapshot): Promise<Uint8Array> {
  const { renderInvoicePdf: render } = await import("./pdf-document");
  return render(invoice);
}
