import { useState } from "react";
import type { Order } from "../../domain/order";
import { fetchOrders } from "./admin-api";
import { usePaged } from "./hooks";
import { OrderCard } from "./OrderCard";
import { Empty, LoadError, Loading, LoadMore, TabHeader } from "./ui";

const PAGE_SIZE = 20;

/** Orders, newest first, page by page (spec 2 "Orders tab"); each card edits its order in place. */
export function OrdersTab() {
  const orders = usePaged((cursor, signal) => fetchOrders(PAGE_SIZE, cursor, signal));
  const [notice, setNotice] = useState("");

  function saved(order: Order) {
    orders.replace((item) => item.id === order.id, order);
    setNotice(`Commande #${order.id.slice(-8)} enregistrée.`);
  }

  return (
    <div>
      <TabHeader
        title="Commandes"
        action={
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
        }
      >
        {orders.state.status === "ready" &&
          `${orders.items.length} affichée${orders.items.length > 1 ? "s" : ""}, de la plus récente à la plus ancienne`}
      </TabHeader>
      <p
        role="status"
        className={
          notice
            ? "mb-4 rounded-lg border border-olive-300 bg-olive-50 px-4 py-3 text-sm font-medium text-olive-800"
            : "sr-only"
        }
      >
        {notice}
      </p>
      {orders.state.status === "loading" && <Loading>Chargement des commandes...</Loading>}
      {orders.state.status === "error" && (
        <LoadError message={orders.state.message} onRetry={orders.reload} />
      )}
      {orders.state.status === "ready" && orders.items.length === 0 && <Empty>Aucune commande trouvée</Empty>}
      {orders.items.length > 0 && (
        <ul className="space-y-6">
          {orders.items.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} onSaved={saved} onEditStart={() => setNotice("")} />
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
