import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { Address } from "../../../domain/accounts/address";
import {
  frenchMobile,
  type PickupPoint,
  POSTAL_CODE_PATTERN,
  pickupMessages,
} from "../../../domain/orders/pickup-point";
import { ApiError } from "../../../lib/api-client";
import { searchPickupPoints } from "../../../lib/shop-client";
import { PhoneField } from "../../ui/fields";
import { PickupPointList } from "./PickupPointList";
import { PointDetails } from "./PickupPointParts";
import { PickupSearchForm } from "./PickupSearchForm";

interface Props {
  /** The chosen address: its postal code (and city) prefill the search. */
  address: Pick<Address, "postal_code" | "city"> | null;
  point: PickupPoint | null;
  /** The mobile as the field shows it (prefilled from the address by the flow). */
  phone: string;
  /** null: the point chosen is not among a new search's points, so it is no longer chosen. */
  onPoint: (point: PickupPoint | null) => void;
  onPhone: (phone: string) => void;
}

type Search =
  | { status: "idle" }
  | { status: "searching" }
  | { status: "found"; postalCode: string; points: PickupPoint[] }
  | { status: "failed"; message: string };

/** Where the keyboard goes after what the shopper did; applied once the screen shows it. */
type FocusTarget = "first" | "chosen" | "summary" | "field";

const found = (count: number) => (count === 1 ? "1 point relais trouvé" : `${count} points relais trouvés`);

/**
 * Delivery to a pick-up point at the checkout (loaded only once that mode is chosen): the search by postal
 * code (the chosen address's, with its city while the code is the address's), La Poste's points as a list of radio
 * buttons (name, address, distance, the week's hours), the point chosen shown alone with « Changer de point
 * relais », and the mobile La Poste texts. No map. A search runs on « Rechercher » or Enter, never while typing; its
 * outcome is announced (role status); the keyboard then goes to the first point. Arrows choose a point; Enter or a
 * click on one closes the list on it.
 */
export function PickupPicker({ address, point, phone, onPoint, onPhone }: Props) {
  const [typed, setTyped] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [search, setSearch] = useState<Search>({ status: "idle" });
  // The list is shown until a point is chosen from it by Enter or a click; « Changer de point relais » shows it again.
  const [listOpen, setListOpen] = useState(!point);
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  const [phoneTouched, setPhoneTouched] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const request = useRef<AbortController | null>(null);
  const postalCode = typed ?? address?.postal_code ?? "";

  useEffect(() => () => request.current?.abort(), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again once the list or the search result it targets is rendered
  useLayoutEffect(() => {
    if (!focus || !root.current) return;
    const selector = {
      first: "input[name=pickup_point]",
      chosen: "input[name=pickup_point]:checked",
      summary: "[data-pickup-summary]",
      field: "input[name=postal_code]",
    }[focus];
    const target =
      root.current.querySelector<HTMLElement>(selector) ??
      root.current.querySelector<HTMLElement>("input[name=postal_code]");
    target?.focus();
    setFocus(null);
  }, [focus, search, listOpen]);

  async function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = postalCode.trim();
    if (!POSTAL_CODE_PATTERN.test(code)) {
      setInvalid(true);
      setSearch({ status: "failed", message: pickupMessages.postalCodeInvalid });
      return;
    }
    setInvalid(false);
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setSearch({ status: "searching" });
    try {
      const city = address && code === address.postal_code ? address.city : undefined;
      const points = await searchPickupPoints(code, city, controller.signal);
      setSearch({ status: "found", postalCode: code, points });
      setListOpen(true);
      // A point the new list does not show is not kept out of sight: the shopper picks one of these.
      if (point && !points.some((p) => p.id === point.id)) onPoint(null);
      if (points.length) setFocus("first");
    } catch (failure) {
      if (controller.signal.aborted) return;
      // The server's words (a 400, 409, 429 or 503 says why in French); a lost connection, ours.
      const message =
        failure instanceof ApiError && failure.status > 0 && !/^HTTP \d+$/.test(failure.message)
          ? failure.message
          : pickupMessages.searchFailed;
      setInvalid(failure instanceof ApiError && failure.status === 400);
      setSearch({ status: "failed", message });
    }
  }

  function close() {
    setListOpen(false);
    setFocus("summary");
  }

  const points = search.status === "found" ? search.points : [];
  const status =
    search.status === "searching"
      ? "Recherche des points relais…"
      : search.status === "found"
        ? points.length
          ? `${found(points.length)}.`
          : pickupMessages.noPoint
        : search.status === "failed"
          ? search.message
          : "";
  const mobileError =
    phoneTouched && phone.trim() && !frenchMobile(phone) ? pickupMessages.mobileRequired : undefined;

  return (
    <div ref={root} className="mt-5 space-y-4">
      {point && !listOpen ? (
        <div className="rounded-xl border-2 border-olive-600 bg-olive-50 p-4">
          <h3 data-pickup-summary tabIndex={-1} className="font-semibold text-ink">
            Votre point relais : {point.name}
          </h3>
          <PointDetails point={point} />
          <button
            type="button"
            className="btn btn-secondary mt-3 px-5"
            onClick={() => {
              setListOpen(true);
              setFocus(points.some((p) => p.id === point.id) ? "chosen" : "field");
            }}
          >
            Changer de point relais
          </button>
        </div>
      ) : (
        <PickupSearchForm
          postalCode={postalCode}
          invalid={invalid}
          searching={search.status === "searching"}
          onPostalCode={(value) => {
            setTyped(value);
            setInvalid(false);
          }}
          onSearch={find}
        />
      )}

      <p
        role="status"
        className={`text-sm ${search.status === "failed" ? "font-medium text-alert" : "text-ink-soft"} ${
          status && !invalid ? "" : "sr-only"
        }`}
      >
        {status}
      </p>

      {listOpen && points.length > 0 && (
        <PickupPointList
          points={points}
          near={search.status === "found" ? search.postalCode : ""}
          chosen={point}
          onChoose={onPoint}
          onClose={close}
        />
      )}

      <PhoneField
        label="Téléphone portable (pour l'avis de mise à disposition)"
        name="pickup_phone"
        value={phone}
        onValue={onPhone}
        onBlur={() => setPhoneTouched(true)}
        error={mobileError}
        hint="La Poste vous prévient par SMS quand le colis est disponible : un 06 ou un 07."
      />
    </div>
  );
}
