import type { ReactNode } from "react";
import type { Order } from "../../../../domain/orders/order";
import { adminDocumentUrl } from "../../../../lib/api/api-links";
import { Detail } from "../../../ui/admin/ui";

/** The payment's references: the bank transfer's, or PayPal's transaction and payer; nothing when there is none. */
export function PaymentReferences({ order }: { order: Order }) {
  if (
    !(order.transfer_reference || order.paypal_order_id || order.paypal_capture_id || order.paypal_payer_id)
  )
    return null;
  return (
    <dl className="grid gap-2 text-sm">
      {order.transfer_reference && <Detail label="Référence du virement">{order.transfer_reference}</Detail>}
      {(order.paypal_capture_id || order.paypal_order_id) && (
        <Detail label="Transaction PayPal">
          <span className="font-mono break-all">{order.paypal_capture_id ?? order.paypal_order_id}</span>
        </Detail>
      )}
      {order.paypal_payer_id && (
        <Detail label="Payeur PayPal">
          <span className="font-mono break-all">{order.paypal_payer_id}</span>
        </Detail>
      )}
    </dl>
  );
}

export function OrderDocuments({ order }: { order: Order }) {
  if (!(order.invoice_number || order.credit_note_number)) return null;
  return (
    <p className="flex flex-wrap gap-3 text-sm">
      {order.invoice_number && (
        <DocumentLink href={adminDocumentUrl(order.id, "invoice")}>
          Facture {order.invoice_number}
        </DocumentLink>
      )}
      {order.credit_note_number && (
        <DocumentLink href={adminDocumentUrl(order.id, "credit-note")}>
          Avoir {order.credit_note_number}
        </DocumentLink>
      )}
    </p>
  );
}

/** A PayPal payment that came after the order expired, and the refund the server made of it. */
export function AutoRefundNotice({ refundId }: { refundId: string }) {
  return (
    <p className="mt-5 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      Le paiement PayPal est arrivé après l'expiration de la commande : il a été remboursé automatiquement
      (remboursement PayPal <span className="font-mono">{refundId}</span>
      ).
    </p>
  );
}

/** The download of one of the order's documents (its invoice, its credit note). */
function DocumentLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className="font-semibold text-olive-800 underline" href={href} download>
      {children}
    </a>
  );
}
