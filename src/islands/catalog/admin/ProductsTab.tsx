import { lazy, Suspense, useEffect, useState } from "react";
import { formatAmount } from "../../../domain/admin/admin-format";
import { stockTone } from "../../../domain/catalog/admin-products";
import { cosmeticFieldList, missingCosmeticFields } from "../../../domain/catalog/cosmetics";
import { mainImage } from "../../../domain/catalog/product-photos";
import type { ProductView } from "../../../domain/catalog/product-rules";
import { deleteProduct, fetchProducts, fetchWaitlistCounts } from "../../ui/admin/admin-api";
import { ConfirmDialog } from "../../ui/admin/dialogs";
import { useAccessGuard, useConfirmed, useLoad } from "../../ui/admin/hooks";
import {
  Badge,
  dangerButton,
  Empty,
  LoadError,
  Loading,
  smallButton,
  TabHeader,
  TabNotice,
} from "../../ui/admin/ui";

/** The product form (with its photos, stock and lots) loads when the owner opens it. */
const ProductFormDialog = lazy(() => import("./ProductForm").then((m) => ({ default: m.ProductFormDialog })));

type Editing = { kind: "none" } | { kind: "new" } | { kind: "edit"; product: ProductView; notice?: string };

/**
 * Every product, active or not (spec 2 "Products tab"): image, name, Actif/Inactif, weight, price, short
 * description and a stock badge coloured by the low-stock threshold; create, edit, delete after confirmation.
 */
export function ProductsTab() {
  const { state, reload, update } = useLoad(fetchProducts);
  // Shoppers waiting for a product's return; the list shows without them if this fails.
  const waitlist = useLoad(fetchWaitlistCounts);
  const waiting = waitlist.state.status === "ready" ? waitlist.state.data : {};
  const [editing, setEditing] = useState<Editing>({ kind: "none" });
  const deleting = useConfirmed<ProductView>();
  const [notice, setNotice] = useState("");
  const guard = useAccessGuard();

  function saved(product: ProductView, created: boolean) {
    update((products) =>
      created ? [...products, product] : products.map((item) => (item.id === product.id ? product : item)),
    );
    if (created) {
      // The dialog stays open on the new product, so that its photos are added at once.
      setEditing({
        kind: "edit",
        product,
        notice: `Produit « ${product.name} » créé : ajoutez ses photos ci-dessous.`,
      });
      setNotice(`Produit « ${product.name} » créé.`);
      return;
    }
    setEditing({ kind: "none" });
    setNotice(`Produit « ${product.name} » modifié.`);
  }

  /** The stock the server holds after an adjustment made in the dialog, in the list behind it. */
  function stockChanged(productId: number, stock: number) {
    update((products) => products.map((item) => (item.id === productId ? { ...item, stock } : item)));
  }

  /**
   * The dialog closed: the list is read again without a flash, so that it shows what the server holds (sales and
   * adjustments made meanwhile, here or elsewhere).
   */
  async function closed() {
    setEditing({ kind: "none" });
    try {
      const fresh = await fetchProducts();
      update(() => fresh);
    } catch (failure) {
      guard(failure);
    }
  }

  async function remove(product: ProductView) {
    await deleteProduct(product.id);
    update((products) => products.filter((item) => item.id !== product.id));
    setNotice(`Produit « ${product.name} » supprimé.`);
  }

  // A link of the to-do list (#produits/<id>) brings that product into view, its 'Modifier' button focused.
  const ready = state.status === "ready";
  useEffect(() => {
    if (!ready) return;
    const [tab, productId] = window.location.hash.slice(1).split("/");
    const row = tab === "produits" && productId ? document.getElementById(`produit-${productId}`) : null;
    if (!row) return;
    row.scrollIntoView({ block: "start" });
    row.querySelector<HTMLButtonElement>("button")?.focus({ preventScroll: true });
  }, [ready]);

  const products = state.status === "ready" ? [...state.data].sort((a, b) => a.id - b.id) : [];
  return (
    <div>
      <TabHeader
        title="Produits"
        action={
          <button type="button" className="btn btn-primary" onClick={() => setEditing({ kind: "new" })}>
            <span aria-hidden="true">+</span> Nouveau Produit
          </button>
        }
      >
        {state.status === "ready" && `${products.length} produit${products.length > 1 ? "s" : ""}`}
      </TabHeader>
      <TabNotice>{notice}</TabNotice>
      {state.status === "loading" && <Loading>Chargement des produits...</Loading>}
      {state.status === "error" && <LoadError message={state.message} onRetry={reload} />}
      {state.status === "ready" && products.length === 0 && <Empty>Aucun produit trouvé</Empty>}
      {products.length > 0 && (
        <ul className="space-y-4">
          {products.map((product) => (
            <li key={product.id} id={`produit-${product.id}`}>
              <ProductRow
                product={product}
                waiting={waiting[String(product.id)] ?? 0}
                onEdit={() => {
                  setNotice("");
                  setEditing({ kind: "edit", product });
                }}
                onDelete={() => {
                  setNotice("");
                  deleting.ask(product);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {editing.kind !== "none" && (
        <Suspense fallback={null}>
          <ProductFormDialog
            product={editing.kind === "edit" ? editing.product : null}
            onSaved={saved}
            notice={editing.kind === "edit" ? editing.notice : undefined}
            onPhotos={(product) =>
              update((products) => products.map((item) => (item.id === product.id ? product : item)))
            }
            onStock={stockChanged}
            onClose={closed}
          />
        </Suspense>
      )}
      {deleting.target && (
        <ConfirmDialog
          title="Supprimer le produit"
          message={
            <>
              <p>Êtes-vous sûr de vouloir supprimer ce produit ?</p>
              <p className="mt-1 font-semibold">{deleting.target.name}</p>
            </>
          }
          confirmLabel="Supprimer"
          busy={deleting.busy}
          error={deleting.error}
          onConfirm={() => deleting.confirm(remove)}
          onCancel={deleting.cancel}
        />
      )}
    </div>
  );
}

const stockToneBadge = { danger: "danger", warning: "warning", success: "success" } as const;

function ProductRow({
  product,
  waiting,
  onEdit,
  onDelete,
}: {
  product: ProductView;
  /** Confirmed shoppers waiting to be told of its return. */
  waiting: number;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <article className="flex flex-col gap-4 rounded-2xl border border-cream-300 bg-white p-4 shadow-sm sm:flex-row sm:items-center">
      <img
        src={mainImage(product)}
        alt=""
        width="96"
        height="96"
        loading="lazy"
        className="size-24 shrink-0 rounded-xl border border-cream-200 bg-cream-100 object-cover"
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-serif text-lg font-semibold text-olive-900">{product.name}</h3>
          <Badge tone={product.is_active ? "success" : "neutral"}>
            {product.is_active ? "Actif" : "Inactif"}
          </Badge>
        </div>
        <p className="mt-1 text-sm text-ink-soft">
          <span>{product.weight}</span>
          <span aria-hidden="true"> · </span>
          <span className="font-semibold text-ink">{formatAmount(product.price)}</span>
        </p>
        <p className="mt-1 line-clamp-2 text-sm text-ink">{product.description}</p>
        <IncompleteNotice product={product} />
        <p className="mt-2">
          <Badge
            tone={stockToneBadge[stockTone(product.stock, product.low_stock_threshold)]}
            title={`Seuil de stock faible : ${product.low_stock_threshold}`}
          >
            Stock : {product.stock}
          </Badge>
          {waiting > 0 && (
            <>
              {" "}
              <Badge tone="neutral" title="Clients ayant confirmé leur demande d'alerte de retour en stock">
                {waiting} client{waiting > 1 ? "s" : ""} en attente
              </Badge>
            </>
          )}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 sm:flex-col sm:items-stretch">
        <button
          type="button"
          className={smallButton}
          onClick={onEdit}
          aria-label={`Modifier ${product.name}`}
        >
          Modifier
        </button>
        <button
          type="button"
          className={dangerButton}
          onClick={onDelete}
          aria-label={`Supprimer ${product.name}`}
        >
          Supprimer
        </button>
        {product.is_active && (
          <a
            href={`/product/${product.id}`}
            className="rounded-sm px-1 text-center text-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900"
            aria-label={`Voir ${product.name} dans la boutique`}
          >
            Voir
          </a>
        )}
      </div>
    </article>
  );
}

/**
 * A product put on sale before the cosmetics information was asked for keeps selling (decision record 015); the
 * admin sees what it lacks, and its next save as an active product must complete it.
 */
function IncompleteNotice({ product }: { product: ProductView }) {
  const missing = missingCosmeticFields(product);
  if (missing.length === 0) return null;
  return (
    <p className="mt-2 text-sm text-alert" data-testid="cosmetics-missing">
      Informations manquantes{product.is_active ? " pour la vente" : ""} : {cosmeticFieldList(missing)}.
    </p>
  );
}
