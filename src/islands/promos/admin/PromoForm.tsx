import { type FormEvent, useState } from "react";
import {
  type AdminPromo,
  type DiscountType,
  emptyPromoForm,
  type PromoFormState,
  promoFormFrom,
  promoPayload,
} from "../../../domain/promos/admin-promos";
import { createPromo, updatePromo } from "../../ui/admin/admin-api";
import { Dialog } from "../../ui/admin/dialogs";
import {
  amountInput,
  CheckboxField,
  SaveRow,
  SelectField,
  wholeNumberInput,
} from "../../ui/admin/form-controls";
import { useSave } from "../../ui/admin/hooks";
import { fieldBinder, fieldSetter, Notice, TextField } from "../../ui/fields";

const typeOptions: ReadonlyArray<{ value: DiscountType; label: string }> = [
  { value: "percentage", label: "Pourcentage (%)" },
  { value: "fixed_amount", label: "Montant fixe (€)" },
];

/**
 * The promo form (spec 5): code in upper case, value >= 0 by 0.01, empty limits and expiry mean none (sent as
 * null), start and expiry as local date-times. A failed save keeps the dialog open with the server's message.
 */
export function PromoFormDialog({
  promo,
  onSaved,
  onClose,
}: {
  promo: AdminPromo | null;
  onSaved: (promo: AdminPromo, created: boolean) => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState<PromoFormState>(() =>
    promo ? promoFormFrom(promo) : emptyPromoForm(new Date()),
  );
  const { saving, error, fields, run } = useSave();

  const set = fieldSetter(setForm);
  const bind = fieldBinder(form, setForm, fields);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    await run(async () => {
      const payload = promoPayload(form, new Date());
      const saved = promo ? await updatePromo(promo.id, payload) : await createPromo(payload);
      onSaved(saved, !promo);
    });
  }

  const percent = form.discount_type === "percentage";
  return (
    <Dialog title={promo ? `Modifier le code ${promo.code}` : "Nouveau code promo"} onClose={onClose} wide>
      <form onSubmit={onSubmit} className="space-y-5">
        {error && <Notice kind="error">{error}</Notice>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Code"
            name="code"
            required
            maxLength={40}
            pattern="[A-Za-z0-9_\-]+"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            hint="Lettres, chiffres, - et _ ; enregistré en majuscules."
            value={form.code}
            onValue={(value) => set("code")(value.toUpperCase())}
            error={fields.code}
          />
          <TextField label="Description" {...bind("description")} maxLength={300} />
          <SelectField
            label="Type de réduction"
            value={form.discount_type}
            onValue={set("discount_type")}
            options={typeOptions}
            error={fields.discount_type}
          />
          <TextField
            label={percent ? "Valeur de la réduction (%)" : "Valeur de la réduction (€)"}
            {...bind("discount_value")}
            {...amountInput}
            required
            max={percent ? 100 : undefined}
          />
          <TextField label="Montant minimum de commande (€)" {...bind("min_order_amount")} {...amountInput} />
          <TextField
            label="Réduction maximum (€)"
            {...bind("max_discount_amount")}
            {...amountInput}
            hint="Vide = illimitée."
          />
          <TextField
            label="Limite d'utilisation"
            {...bind("usage_limit")}
            {...wholeNumberInput}
            min={1}
            hint="Nombre total d'utilisations ; vide = illimité."
          />
          <TextField
            label="Usage/user/jour"
            {...bind("max_uses_per_user")}
            {...wholeNumberInput}
            min={1}
            required
            hint="Utilisations par client et par jour."
          />
          <TextField label="Début" {...bind("starts_at")} type="datetime-local" required />
          <TextField label="Expiration" {...bind("expires_at")} type="datetime-local" hint="Vide = jamais." />
        </div>
        <CheckboxField
          label="Cumulable avec les soldes"
          checked={form.combines_with_soldes}
          onChecked={set("combines_with_soldes")}
          hint="Décoché : le code ne réduit pas les articles soldés, et il est refusé si tout le panier est soldé."
        />
        <CheckboxField label="Code actif" checked={form.is_active} onChecked={set("is_active")} />
        <SaveRow saving={saving} editing={Boolean(promo)} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
