import { type FormEvent, type ReactNode, useId, useLayoutEffect, useRef, useState } from "react";
import { formatAmount } from "../../../domain/admin/admin-format";
import {
  type ChangeType,
  emptyReductionForm,
  formErrorsOf,
  type ReductionFormErrors,
  type ReductionFormState,
  reductionBody,
} from "../../../domain/reductions/reduction-form";
import { REDUCTION_KIND_LABELS, type ReductionKind } from "../../../domain/reductions/words";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { fetchProducts } from "../../ui/admin/admin-api";
import { Dialog } from "../../ui/admin/dialogs";
import { amountInput, wholeNumberInput } from "../../ui/admin/form-controls";
import { useAccessGuard, useLoad } from "../../ui/admin/hooks";
import { LoadError, Loading } from "../../ui/admin/ui";
import { TextField } from "../../ui/fields";
import { type AdminReduction, scheduleReduction } from "./reductions-api";

export const SOLDES_RULE =
  "« Soldes » n'est permis que pendant les soldes nationales, et seulement pour les produits en vente depuis au moins un mois avant leur début.";

const KINDS: readonly ReductionKind[] = ["promotion", "soldes"];
const CHANGES: ReadonlyArray<{ value: ChangeType; label: string }> = [
  { value: "percent", label: "Un pourcentage" },
  { value: "price", label: "Un nouveau prix" },
];

/** A group of checkboxes or radios with its legend and its message, tied together for screen readers. */
function Group({
  legend,
  error,
  hint,
  children,
}: {
  legend: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <fieldset aria-describedby={described || undefined} data-field-error={error ? true : undefined}>
      <legend className="mb-1 text-sm font-semibold text-ink">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mb-2 text-sm text-ink-soft">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function Choice({
  type,
  name,
  label,
  checked,
  onChange,
}: {
  type: "checkbox" | "radio";
  name: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-olive-50">
      <input
        type={type}
        name={name}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        className="size-4 shrink-0 accent-olive-700"
      />
      <span className="text-ink">{label}</span>
    </label>
  );
}

/**
 * « Programmer une réduction »: products, kind, a percentage or a new price, a start and an end in Paris time. The
 * server's refusals (each naming its product) are listed, announced and focused; its field messages go next to
 * their fields. One POST per submit however fast the clicks.
 */
export function ReductionFormDialog({
  onScheduled,
  onClose,
}: {
  onScheduled: (reduction: AdminReduction) => void;
  onClose: () => void;
}) {
  const products = useLoad(fetchProducts);
  const [form, setForm] = useState<ReductionFormState>(emptyReductionForm);
  const [errors, setErrors] = useState<ReductionFormErrors>({});
  const [refusals, setRefusals] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const sending = useRef(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusError, setFocusError] = useState(0);
  const guard = useAccessGuard();

  // A field in error first, else the refusals or the failure: the focus is never left on the disabled button.
  useLayoutEffect(() => {
    if (!focusError) return;
    const field = formRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-field-error] input',
    );
    (field ?? alertRef.current)?.focus();
  }, [focusError]);

  const set = <K extends keyof ReductionFormState>(key: K, value: ReductionFormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  function toggle(id: number, checked: boolean) {
    setForm((current) => ({
      ...current,
      productIds: checked
        ? [...current.productIds.filter((other) => other !== id), id]
        : current.productIds.filter((other) => other !== id),
    }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    setRefusals([]);
    setFailure(null);
    const built = reductionBody(form);
    if ("errors" in built) {
      setErrors(built.errors);
      setFocusError((count) => count + 1);
      return;
    }
    setErrors({});
    sending.current = true;
    setSaving(true);
    try {
      const { reduction } = await scheduleReduction(built.body);
      onScheduled(reduction);
    } catch (error) {
      if (guard(error)) return;
      const refused = error instanceof ApiError ? error.details.refusals : undefined;
      if (Array.isArray(refused) && refused.length > 0) setRefusals(refused.map(String));
      else {
        setErrors(error instanceof ApiError ? formErrorsOf(error.fields) : {});
        setFailure(errorMessage(error, "Une erreur est survenue"));
      }
      setFocusError((count) => count + 1);
    } finally {
      sending.current = false;
      setSaving(false);
    }
  }

  const list = products.state.status === "ready" ? products.state.data : [];
  const percent = form.changeType === "percent";
  return (
    <Dialog title="Programmer une réduction" onClose={onClose} wide>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5">
        {(refusals.length > 0 || failure) && (
          <div
            ref={alertRef}
            role="alert"
            tabIndex={-1}
            className="rounded-lg border border-alert/30 bg-red-50 px-4 py-3 text-sm font-medium text-alert focus:outline-none focus-visible:outline-2"
          >
            {refusals.length > 0 ? (
              <>
                <p className="font-semibold">Cette réduction ne peut pas être programmée :</p>
                <ul className="mt-1 list-disc space-y-1 pl-5">
                  {refusals.map((refusal) => (
                    <li key={refusal}>{refusal}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p>{failure}</p>
            )}
          </div>
        )}
        <Group legend="Produits" error={errors.productIds}>
          {products.state.status === "loading" && <Loading>Chargement des produits...</Loading>}
          {products.state.status === "error" && (
            <LoadError message={products.state.message} onRetry={products.reload} />
          )}
          <div className="max-h-60 overflow-y-auto rounded-lg border border-cream-300 bg-white p-2">
            {list.map((product) => (
              <Choice
                key={product.id}
                type="checkbox"
                name="product_ids"
                checked={form.productIds.includes(product.id)}
                onChange={(checked) => toggle(product.id, checked)}
                label={
                  <>
                    {product.name} <span className="text-ink-soft">· {formatAmount(product.price)}</span>
                  </>
                }
              />
            ))}
          </div>
        </Group>
        <Group legend="Type de réduction" hint={SOLDES_RULE} error={errors.kind}>
          <div className="flex flex-wrap gap-4">
            {KINDS.map((kind) => (
              <Choice
                key={kind}
                type="radio"
                name="kind"
                label={REDUCTION_KIND_LABELS[kind]}
                checked={form.kind === kind}
                onChange={() => set("kind", kind)}
              />
            ))}
          </div>
        </Group>
        <Group legend="Réduction" hint="Un nouveau prix ne vaut que pour un seul produit.">
          <div className="flex flex-wrap gap-4">
            {CHANGES.map((change) => (
              <Choice
                key={change.value}
                type="radio"
                name="change_type"
                label={change.label}
                checked={form.changeType === change.value}
                onChange={() => setForm((current) => ({ ...current, changeType: change.value, amount: "" }))}
              />
            ))}
          </div>
        </Group>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={percent ? "Pourcentage (%)" : "Nouveau prix (€)"}
            name="amount"
            {...(percent ? { ...wholeNumberInput, min: 1, max: 90 } : amountInput)}
            value={form.amount}
            onValue={(value) => set("amount", value)}
            error={errors.amount}
          />
          <TextField
            label="Début (heure de Paris)"
            name="starts_at"
            type="datetime-local"
            value={form.startsAt}
            onValue={(value) => set("startsAt", value)}
            error={errors.startsAt}
          />
          <TextField
            label="Fin (heure de Paris)"
            name="ends_at"
            type="datetime-local"
            value={form.endsAt}
            onValue={(value) => set("endsAt", value)}
            error={errors.endsAt}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-3 border-t border-cream-300 pt-5">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Annuler
          </button>
          <button type="submit" className="btn btn-primary px-6" disabled={saving}>
            {saving ? "Enregistrement..." : "Programmer"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
