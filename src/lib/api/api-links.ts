/**
 * Addresses of the API's files that a link or a bare fetch opens (PDFs): built from declared paths
 * (apiUrl), so a path the document no longer has fails the type check.
 */
import { apiUrl } from "./client";

/** The customer's invoice or cancellation credit note (the session cookie goes with the link). */
export function invoiceUrl(orderId: string, kind: "invoice" | "credit-note" = "invoice"): string {
  const path = { id: orderId };
  return kind === "invoice"
    ? apiUrl("/api/user/orders/{id}/invoice", { path })
    : apiUrl("/api/user/orders/{id}/credit-note", { path });
}

export function adminDocumentUrl(orderId: string, kind: "invoice" | "credit-note"): string {
  const path = { id: orderId };
  return kind === "invoice"
    ? apiUrl("/api/admin/documents/{id}/invoice", { path })
    : apiUrl("/api/admin/documents/{id}/credit-note", { path });
}

/** One credit note of an order by its number (a cancellation's or a return's), for the admin or the customer. */
export function creditNoteUrl(orderId: string, number: string, reader: "admin" | "customer"): string {
  const path = { id: orderId, number };
  return reader === "admin"
    ? apiUrl("/api/admin/documents/{id}/credit-notes/{number}", { path })
    : apiUrl("/api/user/orders/{id}/credit-notes/{number}", { path });
}

/** The order's label: created by a POST, its PDF read by a GET. */
export function labelUrl(orderId: string): string {
  return apiUrl("/api/admin/shipping/orders/{id}/label", { path: { id: orderId } });
}
