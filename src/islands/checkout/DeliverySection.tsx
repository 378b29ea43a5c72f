import type { ReactNode } from "react";
import { DEFAULT_CARRIER } from "../../domain/checkout/delivery";
import { type Cents, formatEuros } from "../../domain/money";
import { pickupMessages } from "../../domain/orders/pickup-point";
import type { DeliveryMode } from "../../domain/settings/settings-constants";
import { Section } from "./Section";

/** Delivery to a pick-up point, once the checkout settings offer it: the two modes and their prices. */
export interface DeliveryModes {
  mode: DeliveryMode;
  /** What each mode costs for this cart (0: free from its own threshold); null in the first paint (room kept). */
  costs: Readonly<Record<DeliveryMode, Cents>> | null;
  onMode: (mode: DeliveryMode) => void;
  /** Reached for: the picker's code is fetched ahead. */
  onPickupNear?: () => void;
}

interface Props {
  carrier: string;
  shipping: Cents | null;
  /** Null while delivery to a pick-up point is not offered (or not known yet): the section is as it always was. */
  modes?: DeliveryModes | null;
  /** The pick-up point's search and the mobile, shown under the choice while that mode is chosen. */
  children?: ReactNode;
}

const costText = (cost: Cents) => (cost === 0 ? "Gratuit" : formatEuros(cost));

/**
 * Step 2: the carrier and delays, and the shipping cost of the totals shown; `shipping` null in the first paint (the
 * cart is not read yet): its room is kept, empty. When the settings offer delivery to a pick-up point, the choice
 * between it and home delivery comes under those lines (nothing above it moves), home delivery chosen first.
 */
export function DeliverySection({ carrier, shipping, modes, children }: Props) {
  return (
    <Section title="Informations de livraison" step={2}>
      <ul className="space-y-2 text-ink">
        <li className="flex gap-3">
          <TruckIcon />
          <span>
            Livraison par <span className="font-semibold">{carrier || DEFAULT_CARRIER}</span> en 2-3 jours
            ouvrés (France métropolitaine)
          </span>
        </li>
        <li className="flex gap-3">
          <ClockIcon />
          <span>Préparation de votre commande sous 24-48 h</span>
        </li>
        <li className="flex gap-3">
          <TagIcon />
          <span>
            Frais de port :{" "}
            {shipping === null ? (
              <span className="inline-block w-16" />
            ) : (
              <span className="font-semibold">{costText(shipping)}</span>
            )}
          </span>
        </li>
      </ul>
      {modes && (
        <fieldset className="mt-5">
          <legend className="mb-3 font-semibold text-ink">Mode de livraison</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {(["home", "pickup"] as const).map((mode) => {
              const checked = modes.mode === mode;
              const near = mode === "pickup" ? modes.onPickupNear : undefined;
              return (
                <label
                  key={mode}
                  onPointerEnter={near}
                  className={`flex cursor-pointer gap-3 rounded-xl border-2 p-4 hover:border-olive-500 ${
                    checked ? "border-olive-600 bg-olive-50" : "border-cream-300"
                  }`}
                >
                  <input
                    type="radio"
                    name="delivery_mode"
                    value={mode}
                    checked={checked}
                    onChange={() => modes.onMode(mode)}
                    onFocus={near}
                    className="mt-1 size-4 shrink-0 accent-olive-700"
                  />
                  <span>
                    <span className="block font-semibold text-ink">
                      {mode === "home" ? pickupMessages.homeLabel : pickupMessages.pickupLabel}
                    </span>
                    <span className="block text-sm text-ink-soft">
                      {modes.costs ? costText(modes.costs[mode]) : <span className="inline-block w-16" />}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      {modes?.mode === "pickup" && children}
    </Section>
  );
}

const iconProps = {
  viewBox: "0 0 24 24",
  className: "mt-0.5 size-5 shrink-0 text-olive-700",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

function TruckIcon() {
  return (
    <svg aria-hidden="true" {...iconProps}>
      <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
      <circle cx="7" cy="17.5" r="1.8" />
      <circle cx="17" cy="17.5" r="1.8" />
    </svg>
  );
}

function ClockIcon() {
  return (
    <svg aria-hidden="true" {...iconProps}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

function TagIcon() {
  return (
    <svg aria-hidden="true" {...iconProps}>
      <path d="M3 12V4h8l10 10-8 8L3 12Z" />
      <circle cx="7.5" cy="8" r="1.3" />
    </svg>
  );
}
