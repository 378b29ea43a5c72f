import type { PickupPoint } from "../../../domain/orders/pickup-point";
import { distanceText } from "../../../domain/orders/pickup-point";
import { Hours, Lines } from "./PickupPointParts";

interface Props {
  points: readonly PickupPoint[];
  near: string;
  chosen: PickupPoint | null;
  onChoose: (point: PickupPoint) => void;
  onClose: () => void;
}

/** La Poste's points near a postal code, as radio buttons: the arrows choose one; Enter or a click closes the list on it. */
export function PickupPointList({ points, near, chosen, onChoose, onClose }: Props) {
  return (
    <fieldset aria-describedby="pickup-points-hint">
      <legend className="font-semibold text-ink">Points relais près de {near}</legend>
      <p id="pickup-points-hint" className="mb-3 text-sm text-ink-soft">
        Flèches pour parcourir, Entrée ou un clic pour choisir.
      </p>
      <ul className="space-y-3">
        {points.map((option) => {
          const checked = chosen?.id === option.id;
          return (
            <li
              key={option.id}
              className={`rounded-xl border-2 ${checked ? "border-olive-600 bg-olive-50" : "border-cream-300"}`}
            >
              {/* A real click (detail > 0) or Enter chooses and closes the list; the arrows only choose. */}
              <label
                className="flex cursor-pointer gap-3 p-4 pb-2 hover:bg-olive-50"
                onClick={(event) => {
                  if (event.detail > 0) onClose();
                }}
                onKeyDown={(event) => {
                  if (event.key !== "Enter") return;
                  event.preventDefault();
                  onChoose(option);
                  onClose();
                }}
              >
                <input
                  type="radio"
                  name="pickup_point"
                  value={option.id}
                  checked={checked}
                  onChange={() => onChoose(option)}
                  className="mt-1 size-4 shrink-0 accent-olive-700"
                />
                <span className="min-w-0">
                  <span className="block font-semibold text-ink">{option.name}</span>
                  <Lines point={option} />
                  <span className="block text-sm text-ink-soft">À {distanceText(option.distance_m)}</span>
                </span>
              </label>
              <Hours point={option} />
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
