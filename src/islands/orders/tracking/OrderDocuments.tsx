import { useState } from "react";
import { invoiceAvailable } from "../../../domain/orders/order-display";
import { orderNumber } from "../../../domain/orders/order-status";
import { creditNoteUrl, invoiceUrl } from "../../../lib/api/api-links";
import { ApiError, saveFile } from "../../../lib/api-client";
import { downloadGuestDocument, type Order } from "../../../lib/shop-client";

/** Messages of spec 8 "Tracking", verbatim: a document that could not be downloaded. */
const messages = {
  documentFailed: "Le document n'a pas pu être téléchargé. Réessayez dans un instant.",
  documentOffline:
    "Le document n'a pas pu être téléchargé : vérifiez votre connexion à Internet et réessayez.",
} as const;

interface OrderDocument {
  key: string;
  label: string;
  /** The customer's download (a link: the session cookie goes with it). */
  href: string;
  /** A guest's download (GET with the X-Order-Token header). */
  guestDownload: (token: string) => Promise<{ blob: Blob; fileName: string }>;
}

/** The order's invoice (once paid) and credit notes, as « Mes commandes » offers them. */
function orderDocuments(order: Order): OrderDocument[] {
  const path = { id: order.id };
  const documents: OrderDocument[] = [];
  if (invoiceAvailable(order)) {
    documents.push({
      key: "invoice",
      label: "Télécharger la facture",
      href: invoiceUrl(order.id),
      guestDownload: (token) => downloadGuestDocument("/api/guest/documents/{id}/invoice", { path }, token),
    });
  }
  if (order.credit_note_number) {
    documents.push({
      key: "credit-note",
      label: "Télécharger l'avoir",
      href: invoiceUrl(order.id, "credit-note"),
      guestDownload: (token) =>
        downloadGuestDocument("/api/guest/documents/{id}/credit-note", { path }, token),
    });
  }
  for (const refund of order.refunds) {
    documents.push({
      key: `refund-${refund.id}`,
      label: `Télécharger l'avoir ${refund.credit_note_number}`,
      href: creditNoteUrl(order.id, refund.credit_note_number, "customer"),
      guestDownload: (token) =>
        downloadGuestDocument(
          "/api/guest/documents/{id}/credit-notes/{number}",
          { path: { ...path, number: refund.credit_note_number } },
          token,
        ),
    });
  }
  return documents;
}

/**
 * The documents block. A customer's are links; a guest's are buttons that fetch the PDF with the link's token (a
 * link cannot send the header) and hand it to the browser's downloads, with a French message when that fails.
 */
export function OrderDocuments({ order, guestToken }: { order: Order; guestToken: string | null }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const documents = orderDocuments(order);
  const number = orderNumber(order.id);

  async function download(file: OrderDocument, token: string) {
    if (busy) return;
    setBusy(file.key);
    setError(null);
    try {
      const { blob, fileName } = await file.guestDownload(token);
      saveFile(blob, fileName);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 0
          ? messages.documentOffline
          : messages.documentFailed,
      );
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      aria-labelledby="documents-title"
      className="mt-6 rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="documents-title" className="font-serif text-lg font-semibold text-olive-900">
        Documents
      </h2>
      {documents.length > 0 && (
        <p className="mt-3 flex flex-wrap gap-3">
          {documents.map((file) =>
            guestToken ? (
              <button
                key={file.key}
                type="button"
                className="btn btn-secondary px-5"
                disabled={busy !== null}
                aria-busy={busy === file.key}
                onClick={() => void download(file, guestToken)}
              >
                {busy === file.key ? "Téléchargement..." : file.label}
                <span className="sr-only"> de la commande #{number}</span>
              </button>
            ) : (
              <a key={file.key} href={file.href} download className="btn btn-secondary px-5">
                {file.label}
                <span className="sr-only"> de la commande #{number}</span>
              </a>
            ),
          )}
        </p>
      )}
      {!invoiceAvailable(order) && (
        <p className="mt-3 text-sm text-ink-soft">La facture sera disponible une fois le paiement reçu.</p>
      )}
      {error && (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-alert/30 bg-red-50 px-4 py-3 text-sm text-alert"
        >
          {error}
        </p>
      )}
    </section>
  );
}
