import type { EntityItem } from "electrodb";
import { incompleteProductMessage, missingCosmeticFields } from "../../src/domain/catalog/cosmetics";
import {
  type Product,
  type ProductInput,
  type ProductInputData,
  productInputSchema,
} from "../../src/domain/catalog/product";
import { photoKeys } from "../../src/domain/catalog/product-photos";
import { DomainError } from "../../src/domain/errors";
import { centsToEuros, eurosToCents } from "../../src/domain/money";
import type { ObjectStorage } from "../platform/adapters/object-storage";
import { nextCounterValue } from "../platform/db/counters";
import { isConditionFailure } from "../platform/db/errors";
import { writeTransaction } from "../platform/db/transaction";
import type { DataDeps } from "../platform/deps";
import { markSiteStale } from "../site/publishing";
import type { ProductEntity } from "./product-entity";
import { movementItem } from "./stock";
import { afterStockChange, type StockAlertDeps } from "./stock-alerts";

type ProductRecord = EntityItem<ProductEntity>;

export function toProduct(record: ProductRecord): Product {
  return {
    id: record.id,
    name: record.name,
    price: centsToEuros(record.price_cents),
    weight: record.weight,
    image: record.image,
    description: record.description,
    long_description: record.long_description ?? "",
    category: record.category ?? "",
    stock: record.stock,
    low_stock_threshold: record.low_stock_threshold,
    benefits: record.benefits ?? [],
    ingredients: record.ingredients ?? "",
    usage: record.usage ?? "",
    is_active: record.is_active,
    reference: record.reference ?? "",
    gtin: record.gtin ?? "",
    cosmetic_function: record.cosmetic_function ?? "",
    inci: record.inci ?? "",
    precautions: record.precautions ?? "",
    net_weight_g: record.net_weight_g ?? 0,
    allergens: record.allergens ?? "",
    pao_months: record.pao_months ?? 0,
    durability_date: record.durability_date ?? "",
    updated_at: record.updated_at,
    photos: (record.photos ?? []).map((photo) => ({ ...photo, widths: [...photo.widths] })),
  };
}

/**
 * A product goes or stays on sale only with its cosmetics information (Code de la consommation L111-1; Regulation
 * (EC) 1223/2009 art. 19; Regulation (EU) 2023/988 art. 19): a save that leaves it active with a required field
 * empty is refused with 409 and the list. Inactive products may be saved incomplete. Products already active
 * before the rule existed keep selling (nothing deactivates them); the admin list shows what they lack, and
 * their next save must complete them (decision record 015).
 */
export function assertSellable(product: ProductInput): void {
  if (!product.is_active) return;
  const missing = missingCosmeticFields(product);
  if (missing.length > 0)
    throw new DomainError("PRODUCT_INCOMPLETE", incompleteProductMessage(missing), {
      missing_fields: missing,
    });
}

async function allProductRecords({ db }: DataDeps): Promise<ProductRecord[]> {
  const result = await db.entities.product.query.byId({}).go({ pages: "all" });
  return result.data.sort((a, b) => a.id - b.id);
}

/** The storefront's catalogue: active products, by id. */
export async function listActiveProducts(deps: DataDeps): Promise<Product[]> {
  return (await allProductRecords(deps)).filter((record) => record.is_active).map(toProduct);
}

/** One product of the storefront; unknown and inactive products are both 'Produit non trouvé'. */
export async function getActiveProduct({ db }: DataDeps, id: number): Promise<Product> {
  const { data } = await db.entities.product.get({ id }).go();
  if (!data?.is_active) throw new DomainError("PRODUCT_NOT_FOUND");
  return toProduct(data);
}

/** Adds a product with the next integer id. */
export async function createProduct(
  deps: DataDeps,
  input: ProductInputData,
  adminId?: string,
): Promise<Product> {
  const parsed = productInputSchema.parse(input);
  assertSellable(parsed);
  const id = await nextCounterValue(deps.db, "product");
  const now = deps.clock().toISOString();
  const { price, ...rest } = parsed;
  const record = { ...rest, id, price_cents: eurosToCents(price), created_at: now, updated_at: now };
  await writeTransaction(deps.db, (entities) => [
    { commit: entities.product.create(record).commit() },
    ...(record.stock > 0
      ? [
          movementItem(entities, {
            productId: id,
            delta: record.stock,
            reason: "adjustment",
            at: now,
            adminId,
            note: "Stock à la création du produit",
            stockAfter: record.stock,
          }),
        ]
      : []),
  ]);
  await markSiteStale(deps, `Produit « ${record.name} » créé`);
  return toProduct(record);
}

/** Every product, active or not, for the admin. */
export async function listAllProducts(deps: DataDeps): Promise<Product[]> {
  return (await allProductRecords(deps)).map(toProduct);
}

/**
 * Replaces a product's fields (the admin form sends them all); 404 for an unknown id. `stockLoaded` is the stock
 * the form showed when it was opened: a stock left as it was is not written (sales made meanwhile stand), and a
 * new figure is written only on the condition that the stock is still `stockLoaded`, with its stock movement, else
 * 409 with the stock now.
 */
export async function updateProduct(
  deps: StockAlertDeps,
  id: number,
  input: ProductInputData,
  stockLoaded: number,
  adminId?: string,
): Promise<Product> {
  const parsed = productInputSchema.parse(input);
  assertSellable(parsed);
  const { price, stock, ...rest } = parsed;
  const changesStock = stock !== stockLoaded;
  const now = deps.clock().toISOString();
  const outcome = await writeTransaction(deps.db, (entities) => {
    let patch = entities.product.patch({ id }).set({
      ...rest,
      ...(changesStock && { stock }),
      price_cents: eurosToCents(price),
      updated_at: now,
    });
    if (changesStock) patch = patch.where(({ stock: current }, { eq }) => eq(current, stockLoaded));
    return [
      { commit: patch.commit(), onFailed: "stale" },
      ...(changesStock
        ? [
            movementItem(entities, {
              productId: id,
              delta: stock - stockLoaded,
              reason: "adjustment",
              at: now,
              adminId,
              note: "Stock saisi dans la fiche produit",
              stockAfter: stock,
            }),
          ]
        : []),
    ];
  });
  const { data: current } = await deps.db.entities.product.get({ id }).go();
  if (!current) throw new DomainError("PRODUCT_NOT_FOUND");
  if (outcome !== "written")
    throw new DomainError(
      "STOCK_CHANGED",
      `Le stock a changé depuis l'ouverture du formulaire : ${current.stock} en stock.`,
      { stock: current.stock },
    );
  await markSiteStale(deps, `Produit « ${current.name} » modifié`);
  // A new stock figure or threshold may cross the threshold either way, or bring units back for the waitlist.
  await afterStockChange(deps, [{ product_id: id, quantity: changesStock ? stock - stockLoaded : 0 }]);
  return toProduct(current);
}

/**
 * Deletes a product, then its photos' files. Orders keep their own copy of its name, price and picture address (a
 * line's picture is gone with the product; its name and price stay).
 */
export async function deleteProduct(deps: DataDeps & { media?: ObjectStorage }, id: number): Promise<void> {
  let photos: { id: string; widths: number[] }[] = [];
  try {
    const { data } = await deps.db.entities.product
      .delete({ id })
      .where(({ id: attr }, { exists }) => exists(attr))
      .go({ response: "all_old" });
    photos = data?.photos ?? [];
  } catch (error) {
    if (isConditionFailure(error)) throw new DomainError("PRODUCT_NOT_FOUND");
    throw error;
  }
  const keys = photos.flatMap((photo) => photoKeys(id, photo));
  if (keys.length)
    await deps.media?.delete(keys).catch((error) => console.error("Photo files left", keys, error));
  await markSiteStale(deps, `Produit n° ${id} supprimé`);
}
