import { formatDate, formatDateTime } from "../../../domain/admin/admin-format";
import { reviewsWaitingLabel, todoLinks } from "../../../domain/admin/owner-todo/display";
import type { OwnerTodo } from "../../../domain/admin/owner-todo/list";
import { formatEuros } from "../../../domain/money";
import { MODERATION_DAYS } from "../../../domain/reviews/moderation-words";
import { linkClass } from "../../ui/admin/ui";
import { StuckParcels } from "./StuckParcels";
import { OrderLink, Row, TodoGroup } from "./TodoParts";
import { type TodoLabels, ToShipGroup } from "./ToShipGroup";
import { TransfersGroup } from "./TransfersGroup";

/**
 * The groups of the list, each shown when it has something: problems, orders to ship, transfers awaited, refunds
 * due, parcels without news, low stock, batches expiring, reviews to moderate, a failed publish.
 */
export function TodoLists({
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
      <ToShipGroup orders={todo.to_ship} labels={labels} />
      <TransfersGroup transfers={todo.transfers} busy={busy} onReceived={onReceived} />
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
      {todo.reviews && (
        <TodoGroup
          id="todo-reviews"
          title="Avis à modérer"
          hint={`Chaque avis est lu sous ${MODERATION_DAYS} jours, délai annoncé par les règles de publication.`}
        >
          <Row
            highlight={todo.reviews.overdue > 0}
            data={{ "data-todo-reviews": String(todo.reviews.count) }}
          >
            {reviewsWaitingLabel(todo.reviews)}
            {todo.reviews.overdue > 0 && (
              <span className="block font-semibold text-red-800">Délai dépassé.</span>
            )}
            <span className="block">
              <a className={linkClass} href={todoLinks.reviews}>
                Modérer les avis
              </a>
            </span>
          </Row>
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
