import { type ReactNode, useRef, useState } from "react";
import { formatDate, formatDateTime } from "../../domain/admin/admin-format";
import { ageLabel, PREPARATION_LABELS, todoLinks } from "../../domain/admin/owner-todo/display";
import type { OwnerTodo } from "../../domain/admin/owner-todo/list";
import type { PreparationState } from "../../domain/admin/owner-todo/orders";
import { type StuckParcel, stuckParcelView } from "../../domain/admin/stuck-parcels";
import { formatEuros } from "../../domain/money";
import type { Order } from "../../domain/orders/order";
import { errorMessage } from "../../lib/api-client";
import { fetchTodo, markTransferReceived } from "./admin-api";
import { useAccessGuard, useLoad } from "./hooks";
import { DayLabelsButton } from "./shipping/DayLabelsButton";
import { LabelActions } from "./shipping/LabelActions";
import { useColissimoConfigured } from "./shipping/use-colissimo-configured";
import { Badge, LoadError, Loading, smallButton, type Tone } from "./ui";

const PREPARATION_TONES: Record<PreparationState, Tone> = {
  on_time: "neutral",
  due: "warning",
  late: "danger",
};

const linkClass =
  "rounded-sm font-semibold text-olive-800 underline underline-offset-4 hover:text-olive-950 focus-visible:outline-2";

/**
 * What the owner must do today (issue 19), at the top of the dashboard: orders to ship (each with « Créer l'étiquette »
 * once Colissimo is set up, issue 31), transfers awaited (each marked received in one click, the Commandes tab's own
 * action), refunds due, parcels without news for a week (issue 31), low stock, batches expiring, a failed publish.
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

/** What the orders to ship need for their labels (LabelActions). */
interface TodoLabels {
  configured: boolean;
  labelled: Readonly<Record<string, Order>>;
  onCreated: (order: Order) => void;
}

function TodoLists({
  todo,
  busy,
  onReceived,
  labels,
}: {
  todo: OwnerTodo;
  busy: string | null;
  onReceived: (orderId: string, number: string) => void;
  labels: TodoLabels;
}) {
  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-2">
      {todo.problems.length > 0 && (
        <div className="lg:col-span-2">
          <TodoGroup
            id="todo-problems"
            title="Quelque chose ne va pas"
            hint="La boutique a détecté un problème de fonctionnement ; voici quoi faire."
          >
            {todo.problems.map((item) => (
              <Row key={`${item.kind}/${item.subject}`} highlight data={{ "data-problem": item.kind }}>
                <span className="font-semibold">{item.title}</span>
                <span className="block text-ink-soft">Depuis le {formatDateTime(item.since)}</span>
                <span className="block">{item.action}</span>
              </Row>
            ))}
          </TodoGroup>
        </div>
      )}
      {todo.to_ship.length > 0 && (
        <TodoGroup
          id="todo-ship"
          title="Commandes à expédier"
          hint="Préparation sous 24 à 48 h après le paiement."
          action={labels.configured ? <DayLabelsButton /> : undefined}
        >
          {todo.to_ship.map((item) => (
            <Row key={item.order_id} highlight={item.preparation === "late"}>
              <OrderLink number={item.order_number} /> · {item.customer}
              <span className="block text-ink-soft">
                Payée le {formatDateTime(item.paid_at)} (il y a {item.hours_waiting} h)
              </span>
              <Badge tone={PREPARATION_TONES[item.preparation]}>{PREPARATION_LABELS[item.preparation]}</Badge>
              <LabelActions
                className="mt-2"
                order={labels.labelled[item.order_id] ?? toShip(item.order_id)}
                colissimoConfigured={labels.configured}
                onCreated={labels.onCreated}
              />
            </Row>
          ))}
        </TodoGroup>
      )}
      {todo.transfers.length > 0 && (
        <TodoGroup id="todo-transfers" title="Virements attendus">
          {todo.transfers.map((item) => (
            <Row key={item.order_id} data={{ "data-transfer": item.order_id }}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <OrderLink number={item.order_number} /> · {item.customer} ·{" "}
                  {formatEuros(item.amount_cents)}
                  <span className="block text-ink-soft">
                    {item.reference ? `Référence ${item.reference} · ` : ""}Commandée{" "}
                    {ageLabel(item.age_days)}
                    {" · "}
                    {item.reminded_at
                      ? `relance envoyée le ${formatDate(item.reminded_at)}`
                      : "pas encore relancée"}
                  </span>
                  {item.holds_most_of.map((line) => (
                    <span key={line.product_id} className="block font-medium text-alert">
                      Réserve {line.quantity} « {line.product_name} » sans être payée : il n'en reste que{" "}
                      {line.left} en vente.
                    </span>
                  ))}
                </div>
                <button
                  type="button"
                  className={smallButton}
                  disabled={busy !== null}
                  aria-label={`Virement reçu : commande n° ${item.order_number}`}
                  onClick={() => onReceived(item.order_id, item.order_number)}
                >
                  {busy === item.order_id ? "Enregistrement..." : "Virement reçu"}
                </button>
              </div>
            </Row>
          ))}
        </TodoGroup>
      )}
      {todo.refunds.length > 0 && (
        <TodoGroup
          id="todo-refunds"
          title="Rétractations et remboursements"
          hint="Remboursement dû au plus tard 14 jours après la rétractation (L221-24), le retour ou l'annulation."
        >
          {todo.refunds.map((item) => (
            <Row key={item.key} highlight={item.overdue}>
              <OrderLink number={item.order_number} /> · {item.customer}
              {item.amount_cents !== null && ` · ${formatEuros(item.amount_cents)}`}
              <span className="block">{item.action}</span>
              <span className={`block ${item.overdue ? "font-semibold text-red-800" : "text-ink-soft"}`}>
                Au plus tard le {formatDateTime(item.deadline)}
                {item.overdue ? " : le délai est dépassé." : ""}
              </span>
            </Row>
          ))}
        </TodoGroup>
      )}
      <StuckParcels parcels={todo.stuck_parcels} />
      {todo.low_stock.length > 0 && (
        <TodoGroup id="todo-stock" title="Stocks bas">
          {todo.low_stock.map((item) => (
            <Row key={item.product_id} highlight={item.stock === 0}>
              <a className={linkClass} href={todoLinks.product(item.product_id)}>
                {item.name}
              </a>
              <span className="block text-ink-soft">
                {item.stock === 0 ? "Rupture de stock" : `Plus que ${item.stock} en stock`} (seuil :{" "}
                {item.threshold})
              </span>
            </Row>
          ))}
        </TodoGroup>
      )}
      {todo.expiring_batches.length > 0 && (
        <TodoGroup id="todo-batches" title="Lots qui expirent sous 60 jours">
          {todo.expiring_batches.map((item) => (
            <Row key={`${item.product_id}/${item.lot}`} highlight={item.days_left < 0}>
              <a className={linkClass} href={todoLinks.product(item.product_id)}>
                {item.product_name}
              </a>{" "}
              · lot {item.lot}
              <span className="block text-ink-soft">
                {item.days_left < 0 ? "Expiré le" : "Expire le"} {formatDate(item.expires_on)} ·{" "}
                {item.remaining} restant{item.remaining > 1 ? "s" : ""}
              </span>
            </Row>
          ))}
        </TodoGroup>
      )}
      {todo.publishing && (
        <TodoGroup id="todo-publishing" title="Publication du site">
          <Row highlight>
            Échec de la publication : {todo.publishing.error}
            <span className="block">
              <a className={linkClass} href="#publication-du-site">
                Relancer la publication
              </a>
            </span>
          </Row>
        </TodoGroup>
      )}
    </div>
  );
}

/**
 * « Colis sans nouvelles depuis 7 jours » (issue 31): shipped parcels the carrier has said nothing about for a week,
 * the oldest news first; each with what was last heard, the order, and La Poste's own tracking page.
 */
function StuckParcels({ parcels }: { parcels: readonly StuckParcel[] }) {
  if (parcels.length === 0) return null;
  return (
    <TodoGroup
      id="todo-parcels"
      title="Colis sans nouvelles depuis 7 jours"
      hint="Vérifiez le suivi ; sans nouvelles, prévenez le client et ouvrez une réclamation auprès du transporteur."
    >
      {parcels.map((item) => {
        const view = stuckParcelView(item);
        return (
          <Row key={item.order_id} data={{ "data-parcel": item.order_id }}>
            <OrderLink number={item.order_number} /> · {item.customer}
            <span className="block">{view.parcel}</span>
            <span className="block text-ink-soft">{view.lastNews}</span>
            <Badge tone="warning">{view.since}</Badge>
            {view.trackingUrl && (
              <span className="mt-1 block">
                <a className={linkClass} href={view.trackingUrl} target="_blank" rel="noopener noreferrer">
                  Suivre sur laposte.fr
                  <span className="sr-only">
                    {" "}
                    : colis de la commande n° {item.order_number} (nouvel onglet)
                  </span>
                </a>
              </span>
            )}
          </Row>
        );
      })}
    </TodoGroup>
  );
}

/** An order of « Commandes à expédier » as the label's action reads it: paid, still to prepare, no label yet. */
function toShip(orderId: string) {
  return {
    id: orderId,
    status: "confirmed",
    payment_status: "completed",
    has_shipping_label: false,
    shipping_company: null,
    tracking_number: null,
  } as const;
}

function TodoGroup({
  id,
  title,
  hint,
  action,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  /** A link for the whole group, under its hint (« Imprimer les étiquettes du jour »). */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h4 id={id} className="font-semibold text-ink">
        {title}
      </h4>
      {hint && <p className="text-sm text-ink-soft">{hint}</p>}
      {action && <p className="mt-1 text-sm">{action}</p>}
      <ul className="mt-2 space-y-2">{children}</ul>
    </section>
  );
}

function Row({
  highlight = false,
  data,
  children,
}: {
  highlight?: boolean;
  data?: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <li
      {...data}
      className={`rounded-xl border bg-white px-4 py-3 text-sm ${
        highlight ? "border-red-600 ring-2 ring-red-600/30" : "border-cream-300"
      }`}
    >
      {children}
    </li>
  );
}

/** An order named in the list, linked to its card in the Commandes tab. */
function OrderLink({ number }: { number: string }) {
  return (
    <a className={linkClass} href={todoLinks.order(number)}>
      Commande n° {number}
    </a>
  );
}
