import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  emptyProductForm,
  IMAGE_URL_MESSAGE,
  isImageUrl,
  type ProductFormState,
  productFormFrom,
  productPayload,
} from "../../domain/admin-products";
import type { ProductView } from "../../domain/product-rules";
import { ApiError, errorMessage, fieldErrors } from "../../lib/api-client";
import { Notice, TextField } from "../ui/fields";
import { createProduct, updateProduct } from "./admin-api";
import { useAccessGuard } from "./hooks";
import { StockPanel } from "./StockPanel";
import { CheckboxField, Dialog, smallButton, TextAreaField } from "./ui";

/**
 * The product form (spec 5) in a dialog: 'Créer' or 'Modifier', 'Enregistrement...' while saving, 'Annuler'.
 * A failed save keeps the dialog open with the server's message, and its field messages next to the fields.
 */
export function ProductFormDialog({
  product,
  onSaved,
  onClose,
}: {
  product: ProductView | null;
  onSaved: (product: ProductView, created: boolean) => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState<ProductFormState>(() =>
    product ? productFormFrom(product) : emptyProductForm(),
  );
  const [saving, setSaving] = useState(false);
  /** The stock this form is based on: the product's when opened, the stock now after a 409 STOCK_CHANGED. */
  const [stockLoaded, setStockLoaded] = useState(product?.stock ?? 0);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const [focusBenefit, setFocusBenefit] = useState<number | null>(null);
  const benefitsList = useRef<HTMLOListElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const guard = useAccessGuard();

  useEffect(() => {
    if (focusBenefit === null) return;
    benefitsList.current?.querySelectorAll("input")[focusBenefit]?.focus();
    setFocusBenefit(null);
  }, [focusBenefit]);

  const set =
    <K extends keyof ProductFormState>(name: K) =>
    (value: ProductFormState[K]) =>
      setForm((current) => ({ ...current, [name]: value }));

  function setBenefit(index: number, value: string) {
    setForm((current) => ({
      ...current,
      benefits: current.benefits.map((line, i) => (i === index ? value : line)),
    }));
  }

  function addBenefit() {
    setForm((current) => ({ ...current, benefits: [...current.benefits, ""] }));
    setFocusBenefit(form.benefits.length);
  }

  function removeBenefit(index: number) {
    setForm((current) => ({ ...current, benefits: current.benefits.filter((_, i) => i !== index) }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (!isImageUrl(form.image)) {
      setFields({ image: IMAGE_URL_MESSAGE });
      setError(null);
      formRef.current?.querySelector<HTMLInputElement>('input[name="image"]')?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    setFields({});
    try {
      const payload = productPayload(form);
      const saved = product
        ? await updateProduct(product.id, payload, stockLoaded)
        : await createProduct(payload);
      onSaved(saved, !product);
    } catch (failure) {
      if (guard(failure)) return;
      setFields(fieldErrors(failure));
      setError(errorMessage(failure, "Une erreur est survenue"));
      // Sales were made since the form opened: show the stock now; saving again writes the figure typed on purpose.
      if (
        failure instanceof ApiError &&
        failure.code === "STOCK_CHANGED" &&
        typeof failure.details.stock === "number"
      ) {
        const current = failure.details.stock;
        setStockLoaded(current);
        setFields({
          stock: `Stock actuel : ${current}. Enregistrez à nouveau pour le remplacer par votre chiffre.`,
        });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog title={product ? "Modifier le produit" : "Nouveau produit"} onClose={onClose} wide>
      <form ref={formRef} onSubmit={onSubmit} className="space-y-5">
        {error && <Notice kind="error">{error}</Notice>}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField
              label="Nom du produit"
              name="name"
              required
              maxLength={120}
              value={form.name}
              onValue={set("name")}
              error={fields.name}
            />
          </div>
          <TextField
            label="Prix (€)"
            name="price"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            required
            value={form.price}
            onValue={set("price")}
            error={fields.price}
          />
          <TextField
            label="Poids"
            name="weight"
            placeholder="200g"
            required
            maxLength={40}
            value={form.weight}
            onValue={set("weight")}
            error={fields.weight}
          />
          <div className="sm:col-span-2">
            <TextField
              label="URL de l'image"
              name="image"
              inputMode="url"
              placeholder="https://… ou /images/…"
              required
              maxLength={2048}
              value={form.image}
              onValue={set("image")}
              error={fields.image}
            />
          </div>
          <div className="sm:col-span-2">
            <TextAreaField
              label="Description courte"
              name="description"
              required
              maxLength={500}
              rows={2}
              value={form.description}
              onValue={set("description")}
              error={fields.description}
            />
          </div>
          <TextField
            label="Stock disponible"
            name="stock"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            required
            value={form.stock}
            onValue={set("stock")}
            error={fields.stock}
          />
          <TextField
            label="Seuil de stock faible"
            name="low_stock_threshold"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            required
            value={form.low_stock_threshold}
            onValue={set("low_stock_threshold")}
            error={fields.low_stock_threshold}
          />
          <div className="sm:col-span-2">
            <TextAreaField
              label="Description détaillée (optionnel)"
              name="long_description"
              maxLength={5000}
              rows={4}
              value={form.long_description}
              onValue={set("long_description")}
              error={fields.long_description}
            />
          </div>
        </div>

        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-ink">Bienfaits</legend>
          <ol ref={benefitsList} className="space-y-2">
            {form.benefits.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines have no identity but their place
              <li key={index} className="flex items-end gap-2">
                <div className="flex-1">
                  <TextField
                    label={`Bienfait ${index + 1}`}
                    maxLength={200}
                    value={line}
                    onValue={(value) => setBenefit(index, value)}
                    error={fields[`benefits.${index}`]}
                  />
                </div>
                <button
                  type="button"
                  className={`${smallButton} mb-1`}
                  onClick={() => removeBenefit(index)}
                  aria-label={`Retirer le bienfait ${index + 1}`}
                >
                  Retirer
                </button>
              </li>
            ))}
          </ol>
          <button type="button" className={`${smallButton} mt-3`} onClick={addBenefit}>
            <span aria-hidden="true">+</span> Ajouter un bienfait
          </button>
        </fieldset>

        <TextAreaField
          label="Ingrédients"
          name="ingredients"
          maxLength={2000}
          value={form.ingredients}
          onValue={set("ingredients")}
          error={fields.ingredients}
        />
        <TextAreaField
          label="Conseils d'utilisation"
          name="usage"
          maxLength={2000}
          value={form.usage}
          onValue={set("usage")}
          error={fields.usage}
        />
        <CheckboxField
          label="Produit actif"
          hint="Un produit inactif n'apparaît pas dans la boutique."
          checked={form.is_active}
          onChecked={set("is_active")}
        />

        <div className="flex flex-wrap justify-end gap-3 border-t border-cream-300 pt-5">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Annuler
          </button>
          <button type="submit" className="btn btn-primary px-6" disabled={saving}>
            {saving ? "Enregistrement..." : product ? "Modifier" : "Créer"}
          </button>
        </div>
      </form>
      {product && (
        <StockPanel
          productId={product.id}
          onStock={(stock) => {
            setStockLoaded(stock);
            setForm((current) => ({ ...current, stock: String(stock) }));
          }}
        />
      )}
    </Dialog>
  );
}
