import type { Context } from "hono";
import type { InvoiceSnapshot } from "../../src/domain/orders/invoice";
import { renderInvoicePdf } from "../platform/adapters/pdf";

export async function pdfResponse(c: Context, document: InvoiceSnapshot): Promise<Response> {
  const bytes = await renderInvoicePdf(document);
  return c.body(bytes.buffer as ArrayBuffer, 200, {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${document.number}.pdf"`,
    "cache-control": "private, no-store",
  });
}
