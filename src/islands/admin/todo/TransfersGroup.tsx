import { formatDate } from "../../../domain/admin/admin-format";
import { ageLabel } from "../../../domain/admin/owner-todo/display";
import type { OwnerTodo } from "../../../domain/admin/owner-todo/list";
import { formatEuros } from "../../../domain/money";
import { smallButton } from "../../ui/admin/ui";
import { OrderLink, Row, TodoGroup } from "./TodoParts";

/**
 * « Virements attendus »: each unpaid transfer with its age, its reminder and the stock it holds, and « Virement
 * reçu » (the Commandes tab's own action) while no other is being recorded.
 */
export function TransfersGroup({
  transfers,
  busy,
  onReceived,
}: {
  transfers: OwnerTodo["transfers"];
  busy: string | null;
  onReceived: (orderId: string, number: string) => void;
}) {
  if (transfers.length === 0) return null;
  return (
    <TodoGroup id="todo-transfers" title="Virements attendus">
      {transfers.map((item) => (
        <Row key={item.order_id} data={{ "data-transfer": item.order_id }}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <OrderLink number={item.order_number} /> · {item.customer} · {formatEuros(item.amount_cents)}
              <span className="block text-ink-soft">
                {item.reference ? `Référence ${item.reference} · ` : ""}Commandée {ageLabel(item.age_days)}
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
  );
}
