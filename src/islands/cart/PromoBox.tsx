import { type FormEvent, useId, useState } from "react";
import { type Cents, centsToEuros, formatEuros } from "../../domain/money";
import { type AppliedPromo, checkoutMessages } from "../../domain/orders/checkout";
import { ApiError } from "../../lib/api-client";
import { validatePromoCode } from "../../lib/shop-client";
import { applyPromo, clearPromo } from "../../stores/checkout";
import { inputClass } from "../ui/fields";

interface Props {
  promo: AppliedPromo | null;
  subtotal: Cents;
  discount: Cents;
  /** Message of the last automatic check (a code that no longer applies to the changed cart). */
  notice: string | null;
  onNotice: (message: string | null) => void;
}

/** The message for a failed POST /api/promo/validate (spec 8 "Promo"). */
export function promoFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) {
    return /^HTTP \d+$/.test(error.message) ? checkoutMessages.promoCheckFailed : error.message;
  }
  return checkoutMessages.promoNetwork;
}

/**
 * Promo code entry (spec 2, 5, 8): trimmed code required, 'Appliquer' disabled while empty or checking, the
 * server's reason shown under the field. An applied code shows with its saving and can be removed.
 */
export function PromoBox({ promo, subtotal, discount, notice, onNotice }: Props) {
  const [code, setCode] = useState("");
  const [checking, setChecking] = useState(false);
  const inputId = useId();
  const messageId = useId();

  async function apply(event?: FormEvent) {
    event?.preventDefault();
    if (checking) return;
    const wanted = code.trim();
    if (!wanted) {
      onNotice(checkoutMessages.promoEmpty);
      return;
    }
    setChecking(true);
    onNotice(null);
    try {
      const result = await validatePromoCode(wanted, centsToEuros(subtotal));
      if (result.valid) {
        applyPromo({ ...result.promo, subtotal_amount: centsToEuros(subtotal) });
        setCode("");
      } else {
        onNotice(result.error || checkoutMessages.promoInvalid);
      }
    } catch (error) {
      onNotice(promoFailureMessage(error));
    } finally {
      setChecking(false);
    }
  }

  if (promo) {
    return (
      <div className="rounded-xl border border-olive-300 bg-olive-50 px-4 py-3">
        <p className="flex flex-wrap items-center justify-between gap-2 text-olive-800">
          <span>
            Code <span className="font-semibold">{promo.code}</span> appliqué
            {discount > 0 && <span className="tabular-nums"> : −{formatEuros(discount)}</span>}
          </span>
          <button
            type="button"
            onClick={() => {
              clearPromo();
              onNotice(null);
            }}
            className="rounded-sm text-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900"
          >
            Retirer<span className="sr-only"> le code promo {promo.code}</span>
          </button>
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={apply} noValidate>
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-ink">
        Code promo
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          name="promo_code"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={code}
          onChange={(event) => {
            setCode(event.target.value.toUpperCase());
            if (notice) onNotice(null);
          }}
          onKeyDown={(event) => {
            // The button is disabled while the field is empty: Enter still explains why nothing happens.
            if (event.key === "Enter" && !code.trim()) {
              event.preventDefault();
              void apply();
            }
          }}
          aria-invalid={notice ? true : undefined}
          aria-describedby={notice ? messageId : undefined}
          className={`${inputClass} uppercase`}
        />
        <button
          type="submit"
          className="btn btn-secondary shrink-0 px-4"
          disabled={!code.trim() || checking}
          aria-busy={checking}
        >
          {checking ? "Vérification..." : "Appliquer"}
        </button>
      </div>
      <p id={messageId} role="alert" className="mt-1 min-h-5 text-sm font-medium text-alert">
        {notice}
      </p>
    </form>
  );
}
