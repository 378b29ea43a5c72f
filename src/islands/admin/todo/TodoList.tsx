import { useRef, useState } from "react";
import type { Order } from "../../../domain/orders/order";
import { errorMessage } from "../../../lib/api-client";
import { useColissimoConfigured } from "../../shipping/admin/use-colissimo-configured";
import { fetchTodo, markTransferReceived } from "../../ui/admin/admin-api";
import { useAccessGuard, useLoad } from "../../ui/admin/hooks";
import { Badge, LoadError, Loading } from "../../ui/admin/ui";
import { TodoLists } from "./TodoLists";

/**
 * What the owner must do today, at the top of the dashboard: orders to ship (each with « Créer l'étiquette »
 * once Colissimo is set up), transfers awaited (each marked received in one click, the Commandes tab's own
 * action), refunds due, parcels without news for a week, low stock, batches expiring, a failed publish.
 * Each line links to where it is done. The daily summary e-mail says the same (services/daily-summary.ts).
 */
export function TodoList({ onChanged }: { onChanged?: () => void } = {}) {
  const { state, reload, update } = useLoad(fetchTodo);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const guard = useAccessGuard();
  const colissimoConfigured = useColissimoConfigured();
  // Orders shipped with their label from this list: they stay in it, with their print link, until the next reading.
  const [labelled, setLabelled] = useState<Readonly<Record<string, Order>>>({});

  function labelCreated(order: Order) {
    setLabelled((current) => ({ ...current, [order.id]: order }));
    // The figures and the withdrawals read again (an order shipped); the list keeps the order and its result.
    onChanged?.();
  }

  async function received(orderId: string, number: string) {
    setBusy(orderId);
    setMessage(null);
    try {
      await markTransferReceived(orderId);
      // The rest of the tab shows what this changed (the revenue, the orders awaited, a withdrawal's refund).
      onChanged?.();
      setMessage({
        kind: "ok",
        text: `Virement de la commande n° ${number} enregistré : la facture est émise.`,
      });
    } catch (failure) {
      if (guard(failure)) return;
      setMessage({ kind: "error", text: errorMessage(failure, "Une erreur est survenue") });
    } finally {
      setBusy(null);
    }
    // The list as the server now sees it (the order moves to the orders to ship); the focus goes to the list's
    // heading, as the button it was on is gone.
    try {
      const next = await fetchTodo();
      update(() => next);
    } catch (failure) {
      if (!guard(failure)) reload();
    }
    heading.current?.focus();
  }

  return (
    <section
      aria-labelledby="todo-title"
      className="mb-8 rounded-2xl border border-olive-300 bg-olive-50/50 p-5 shadow-sm sm:p-6"
      data-todo
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3
          id="todo-title"
          ref={heading}
          tabIndex={-1}
          className="font-serif text-xl font-semibold text-olive-900"
        >
          À faire aujourd'hui
          {state.status === "ready" && state.data.count > 0 && (
            <span className="ml-2 align-middle">
              <Badge tone="info">{state.data.count}</Badge>
            </span>
          )}
        </h3>
      </div>
      <p
        role="status"
        className={
          message
            ? `mt-3 rounded-lg border px-4 py-3 text-sm font-medium ${
                message.kind === "ok"
                  ? "border-olive-300 bg-white text-olive-800"
                  : "border-alert/30 bg-red-50 text-alert"
              }`
            : "sr-only"
        }
      >
        {message?.text}
      </p>
      {state.status === "loading" && <Loading>Chargement de la liste des choses à faire...</Loading>}
      {state.status === "error" && <LoadError message={state.message} onRetry={reload} />}
      {state.status === "ready" &&
        (state.data.count === 0 ? (
          <p className="mt-3 text-ink-soft">Rien à faire pour le moment : tout est à jour.</p>
        ) : (
          <TodoLists
            todo={state.data}
            busy={busy}
            onReceived={received}
            labels={{ configured: colissimoConfigured, labelled, onCreated: labelCreated }}
          />
        ))}
    </section>
  );
}
