import { type Cents, formatEuros } from "../../domain/money";
import { DEFAULT_CARRIER } from "../../domain/orders/checkout";
import { Section } from "./Section";

/**
 * Step 2: the carrier and delays, and the shipping cost of the totals shown; `shipping` null in the first paint (the
 * cart is not read yet): its room is kept, empty.
 */
export function DeliverySection({ carrier, shipping }: { carrier: string; shipping: Cents | null }) {
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
              <span className="font-semibold">{shipping === 0 ? "Gratuit" : formatEuros(shipping)}</span>
            )}
          </span>
        </li>
      </ul>
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
