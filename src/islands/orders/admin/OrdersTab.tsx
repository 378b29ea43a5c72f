import { type FormEvent, useState } from "react";
import type { OrderFilters } from "../../../domain/orders/admin-orders";
import type { Order } from "../../../domain/orders/order";
import {
  ORDER_STATUSES,
  type OrderStatus,
  orderStatusLabel,
  PAYMENT_STATUSES,
  type PaymentStatus,
  paymentStatusLabel,
} from "../../../domain/orders/order-status";
import { DayLabelsButton } from "../../shipping/admin/DayLabelsButton";
import { AllParcelsTrackingRefresh, useColissimoSetup } from "../../shipping/admin/TrackingRefresh";
import { fetchOrders } from "../../ui/admin/admin-api";
import { SelectField } from "../../ui/admin/form-controls";
import { usePaged } from "../../ui/admin/hooks";
import { Empty, LoadError, Loading, LoadMore, TabHeader, TabNotice } from "../../ui/admin/ui";
import { TextField } from "../../ui/fields";
import { OrderCard } from "./order-card/OrderCard";

const PAGE_SIZE = 20;

const statusOptions = [
  { value: "", label: "Tous" },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: orderStatusLabel(status) })),
];
const paymentOptions = [
  { value: "", label: "Tous" },
  ...PAYMENT_STATUSES.map((status) => ({ value: status, label: paymentStatusLabel(status) })),
];

/**
 * Orders, newest first, 20 a page (spec 2 "Orders tab"), filtered by status and payment status and searched by
 * number, transfer reference, customer name or e-mail on the server. Each order is one line until opened.
 */
export function OrdersTab() {
  // A link of the to-do list (#commandes/<number>) opens the tab on that order.
  const [linked] = useState(linkedOrder);
  const [filters, setFilters] = useState<OrderFilters>(linked ? { q: linked } : {});
  const [form, setForm] = useState({ status: "", payment_status: "", q: linked });
  const filtered = Boolean(filters.status || filters.payment_status || filters.q);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFilters({
      status: (form.status || undefined) as OrderStatus | undefined,
      payment_status: (form.payment_status || undefined) as PaymentStatus | undefined,
      q: form.q.trim() || undefined,
    });
  }

  function reset() {
    setForm({ status: "", payment_status: "", q: "" });
    setFilters({});
  }

  return (
    <div>
      <TabHeader title="Commandes" />
      <form
        aria-label="Rechercher des commandes"
        onSubmit={search}
        className="mb-6 grid items-end gap-3 rounded-2xl border border-cream-300 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]"
      >
        <TextField
          label="Rechercher"
          type="search"
          maxLength={100}
          value={form.q}
          onValue={(q) => setForm((current) => ({ ...current, q }))}
          hint="N° de commande, référence CMD-, nom ou e-mail du client"
        />
        <SelectField
          label="Statut"
          value={form.status}
          onValue={(status) => setForm((current) => ({ ...current, status }))}
          options={statusOptions}
        />
        <SelectField
          label="Paiement"
          value={form.payment_status}
          onValue={(payment_status) => setForm((current) => ({ ...current, payment_status }))}
          options={paymentOptions}
        />
        <div className="flex gap-2 pb-0.5">
          <button type="submit" className="btn btn-primary px-5">
            Filtrer
          </button>
          {filtered && (
            <button type="button" className="btn btn-secondary" onClick={reset}>
              Tout afficher
            </button>
          )}
        </div>
      </form>
      <OrderList
        key={JSON.stringify(filters)}
        filters={filters}
        filtered={filtered}
        openSingle={Boolean(linked) && filters.q === linked}
      />
    </div>
  );
}

/** The order number after `#commandes/` in the address, or "". */
function linkedOrder(): string {
  if (typeof window === "undefined") return "";
  const [tab, number] = window.location.hash.slice(1).split("/");
  return tab === "commandes" && number ? decodeURIComponent(number).slice(0, 100) : "";
}

function OrderList({
  filters,
  filtered,
  openSingle = false,
}: {
  filters: OrderFilters;
  filtered: boolean;
  /** Opens the order when the search finds exactly one (a link of the to-do list). */
  openSingle?: boolean;
}) {
  const orders = usePaged((cursor, signal) => fetchOrders(PAGE_SIZE, cursor, filters, signal));
  const colissimo = useColissimoSetup();
  const colissimoConfigured = colissimo.labels;
  const [notice, setNotice] = useState("");

  function saved(order: Order) {
    orders.replace((item) => item.id === order.id, order);
    setNotice(`Commande #${order.id.slice(-8)} enregistrée.`);
  }

  // The label's own word of success stands beside the order (LabelActions): no second one at the top.
  function labelled(order: Order) {
    orders.replace((item) => item.id === order.id, order);
    setNotice("");
  }

  const count = orders.items.length;
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-soft" aria-live="polite">
          {orders.state.status === "ready" &&
            `${count} commande${count > 1 ? "s" : ""} affichée${count > 1 ? "s" : ""}${filtered ? " (filtrées)" : ""}, de la plus récente à la plus ancienne`}
        </p>
        <div className="flex flex-wrap items-center gap-4">
          {colissimo.tracking && <AllParcelsTrackingRefresh onDone={orders.reload} />}
          {colissimoConfigured && <DayLabelsButton />}
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setNotice("");
              orders.reload();
            }}
            disabled={orders.state.status === "loading"}
          >
            Actualiser
          </button>
        </div>
      </div>
      <TabNotice>{notice}</TabNotice>
      {orders.state.status === "loading" && <Loading>Chargement des commandes...</Loading>}
      {orders.state.status === "error" && (
        <LoadError message={orders.state.message} onRetry={orders.reload} />
      )}
      {orders.state.status === "ready" && count === 0 && <Empty>Aucune commande trouvée</Empty>}
      {count > 0 && (
        <ul className="space-y-3">
          {orders.items.map((order) => (
            <li key={order.id}>
              <OrderCard
                order={order}
                onSaved={saved}
                onEditStart={() => setNotice("")}
                initiallyOpen={openSingle && orders.items.length === 1}
                colissimoConfigured={colissimoConfigured}
                trackingConfigured={colissimo.tracking}
                onLabelCreated={labelled}
              />
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={orders.hasMore}
        loading={orders.loadingMore}
        error={orders.moreError}
        onMore={orders.loadMore}
      />
    </div>
  );
}
