import { type StuckParcel, stuckParcelView } from "../../../domain/admin/stuck-parcels";
import { Badge, linkClass } from "../../ui/admin/ui";
import { OrderLink, Row, TodoGroup } from "./TodoParts";

/**
 * « Colis sans nouvelles depuis 7 jours »: shipped parcels the carrier has said nothing about for a week,
 * the oldest news first; each with what was last heard, the order, and La Poste's own tracking page.
 */
export function StuckParcels({ parcels }: { parcels: readonly StuckParcel[] }) {
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
