import { type FormEvent, useLayoutEffect, useRef, useState } from "react";
import {
  emptyProductForm,
  IMAGE_URL_MESSAGE,
  isImageUrl,
  missingForActivation,
  type ProductFormState,
  productFormFrom,
  productPayload,
} from "../../../domain/catalog/admin-products";
import { type CosmeticField, incompleteProductMessage } from "../../../domain/catalog/cosmetics";
import type { ProductView } from "../../../domain/catalog/product-rules";
import { ApiError } from "../../../lib/api-client";
import { LotsPanel } from "../../batches/admin/LotsPanel";
import { createProduct, updateProduct } from "../../ui/admin/admin-api";
import { Dialog } from "../../ui/admin/dialogs";
import {
  amountInput,
  CheckboxField,
  SaveRow,
  TextAreaField,
  wholeNumberInput,
} from "../../ui/admin/form-controls";
import { useSave } from "../../ui/admin/hooks";
import { smallButton } from "../../ui/admin/ui";
import { fieldBinder, fieldSetter, Notice, TextField } from "../../ui/fields";
import { PhotosPanel } from "./PhotosPanel";
import { StockPanel } from "./StockPanel";

/** The form field that shows the message of a missing cosmetics field (the durability is PAO or a date). */
const FIELD_OF: Record<CosmeticField, string> = {
  reference: "reference",
  cosmetic_function: "cosmetic_function",
  inci: "inci",
  precautions: "precautions",
  net_weight_g: "net_weight_g",
  allergens: "allergens",
  durability: "pao_months",
};

const REQUIRED_FOR_SALE = "Obligatoire pour mettre le produit en vente.";

/** Field messages for the missing cosmetics fields. */
function missingFieldErrors(missing: readonly CosmeticField[]): Record<string, string> {
  return Object.fromEntries(missing.map((field) => [FIELD_OF[field], REQUIRED_FOR_SALE]));
}

/**
 * The product form (spec 5) in a dialog: 'Créer' or 'Modifier', 'Enregistrement...' while saving, 'Annuler'.
 * A failed save keeps the dialog open with the server's message, and its field messages next to the fields.
 * After 'Créer' the parent reopens it on the new product: its photos are added at once.
 */
export function ProductFormDialog({
  product,
  onSaved,
  onPhotos,
  onStock,
  onClose,
  notice,
}: {
  product: ProductView | null;
  onSaved: (product: ProductView, created: boolean) => void;
  /** The product after a change of its photos (the dialog stays open). */
  onPhotos?: (product: ProductView) => void;
  /** The stock the server holds after an adjustment (the dialog stays open; the list behind it follows). */
  onStock?: (productId: number, stock: number) => void;
  onClose: () => void;
  /** A word shown at the top of the form (the product just created). */
  notice?: string;
}) {
  const [form, setForm] = useState<ProductFormState>(() =>
    product ? productFormFrom(product) : emptyProductForm(),
  );
  const { saving, error, fields, setError, setFields, run } = useSave();
  /** The stock this form is based on: the product's when opened, the stock now after a 409 STOCK_CHANGED. */
  const [stockLoaded, setStockLoaded] = useState(product?.stock ?? 0);
  const [focusBenefit, setFocusBenefit] = useState<number | null>(null);
  const benefitsList = useRef<HTMLOListElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const bind = fieldBinder(form, setForm, fields);

  useLayoutEffect(() => {
    if (focusBenefit === null) return;
    benefitsList.current?.querySelectorAll("input")[focusBenefit]?.focus();
    setFocusBenefit(null);
  }, [focusBenefit]);

  const set = fieldSetter(setForm);

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
    // Optional: without it the product shows the shop's illustration until its photos are added.
    if (form.image.trim() && !isImageUrl(form.image)) {
      setFields({ image: IMAGE_URL_MESSAGE });
      setError(null);
      formRef.current?.querySelector<HTMLInputElement>('input[name="image"]')?.focus();
      return;
    }
    // An active product needs its cosmetics information (decision record 015); the API refuses it too (409).
    const missing = missingForActivation(form);
    if (missing.length > 0) {
      setFields(missingFieldErrors(missing));
      setError(incompleteProductMessage(missing));
      formRef.current
        ?.querySelector<HTMLElement>(`[name="${FIELD_OF[missing[0] as CosmeticField]}"]`)
        ?.focus();
      return;
    }
    await run(async () => {
      const payload = productPayload(form);
      const saved = product
        ? await updateProduct(product.id, payload, stockLoaded)
        : await createProduct(payload);
      // A product just created stays in this dialog, now its own: the form holds what the server stored.
      if (!product) {
        setStockLoaded(saved.stock);
        setForm(productFormFrom(saved));
      }
      onSaved(saved, !product);
    }, onProductFailure);
  }

  function onProductFailure(failure: unknown) {
    if (
      failure instanceof ApiError &&
      failure.code === "PRODUCT_INCOMPLETE" &&
      Array.isArray(failure.details.missing_fields)
    )
      setFields(missingFieldErrors(failure.details.missing_fields as CosmeticField[]));
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
  }

  return (
    <Dialog title={product ? "Modifier le produit" : "Nouveau produit"} onClose={onClose} wide>
      <form ref={formRef} onSubmit={onSubmit} className="space-y-5">
        {notice && !error && (
          <p
            role="status"
            className="rounded-lg border border-olive-300 bg-olive-50 px-4 py-3 text-sm font-medium text-olive-800"
          >
            {notice}
          </p>
        )}
        {error && <Notice kind="error">{error}</Notice>}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField label="Nom du produit" {...bind("name")} required maxLength={120} />
          </div>
          <TextField label="Prix (€)" {...bind("price")} {...amountInput} required />
          <TextField label="Poids" {...bind("weight")} placeholder="200g" required maxLength={40} />
          <div className="sm:col-span-2">
            <TextField
              label="URL de l'image (optionnel)"
              {...bind("image")}
              inputMode="url"
              placeholder="https://… ou /images/…"
              hint="Sans URL ni photo, le produit montre l'illustration de la boutique."
              maxLength={2048}
            />
          </div>
          <div className="sm:col-span-2">
            <TextAreaField
              label="Description courte"
              {...bind("description")}
              required
              maxLength={500}
              rows={2}
            />
          </div>
          <TextField label="Stock disponible" {...bind("stock")} {...wholeNumberInput} required />
          <TextField
            label="Seuil de stock faible"
            {...bind("low_stock_threshold")}
            {...wholeNumberInput}
            required
          />
          <div className="sm:col-span-2">
            <TextAreaField
              label="Description détaillée (optionnel)"
              {...bind("long_description")}
              maxLength={5000}
              rows={4}
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

        <TextAreaField label="Ingrédients" {...bind("ingredients")} maxLength={2000} />
        <TextAreaField label="Conseils d'utilisation" {...bind("usage")} maxLength={2000} />
        <fieldset className="space-y-4 rounded-xl border border-cream-300 p-4">
          <legend className="px-1 text-sm font-semibold text-ink">
            Informations cosmétiques et sécurité
          </legend>
          <p className="text-sm text-ink-soft">
            Obligatoires pour mettre le produit en vente : elles sont affichées sur la fiche produit avant
            l'achat (étiquetage des cosmétiques, sécurité des produits).
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Référence du produit"
              {...bind("reference")}
              placeholder="SAL-TRAD-200"
              maxLength={40}
            />
            <TextField
              label="Code EAN/GTIN (optionnel)"
              {...bind("gtin")}
              inputMode="numeric"
              maxLength={14}
            />
            <div className="sm:col-span-2">
              <TextField
                label="Fonction du produit"
                {...bind("cosmetic_function")}
                placeholder="Nettoyant pour le corps et le visage"
                maxLength={200}
              />
            </div>
            <TextField label="Quantité nominale (g)" {...bind("net_weight_g")} {...wholeNumberInput} />
            <TextField
              label="Durée après ouverture (mois)"
              {...bind("pao_months")}
              {...wholeNumberInput}
              max={120}
              placeholder="12"
            />
            <TextField label="Ou date de durabilité minimale" {...bind("durability_date")} type="date" />
          </div>
          <TextAreaField label="Liste des ingrédients (INCI)" {...bind("inci")} maxLength={2000} rows={2} />
          <TextAreaField
            label="Allergènes (écrire « Aucun » s'il n'y en a pas)"
            {...bind("allergens")}
            maxLength={1000}
            rows={2}
          />
          <TextAreaField label="Précautions d'emploi" {...bind("precautions")} maxLength={2000} rows={2} />
        </fieldset>
        <CheckboxField
          label="Produit actif"
          hint="Un produit inactif n'apparaît pas dans la boutique."
          checked={form.is_active}
          onChecked={set("is_active")}
        />

        <SaveRow saving={saving} editing={Boolean(product)} onCancel={onClose} />
      </form>
      {product && (
        <StockPanel
          productId={product.id}
          onStock={(stock) => {
            setStockLoaded(stock);
            setForm((current) => ({ ...current, stock: String(stock) }));
            onStock?.(product.id, stock);
          }}
        />
      )}
      {product ? (
        <PhotosPanel product={product} onChange={(saved) => onPhotos?.(saved)} />
      ) : (
        <p className="mt-6 border-t border-cream-300 pt-5 text-sm text-ink-soft">
          Les photos s'ajoutent ici dès que vous aurez cliqué sur « Créer ». Sans image ni photo, le produit
          montre l'illustration de la boutique.
        </p>
      )}
      {product && <LotsPanel productId={product.id} />}
    </Dialog>
  );
}
