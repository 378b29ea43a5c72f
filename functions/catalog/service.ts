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
import { priceInForce } from "../../src/domain/reductions/price-in-force";
import { holdsThePrice } from "../../src/domain/reductions/stored";
import type { ObjectStorage } from "../platform/adapters/object-storage";
import { nextCounterValue } from "../platform/db/counters";
import { isConditionFailure } from "../platform/db/errors";
import { writeTransaction } from "../platform/db/transaction";
import type { DataDeps } from "../platform/deps";
import { markSiteStale } from "../publishing/publishing";
import { priceChangeItem } from "./price-history";
import type { ProductEntity } from "./product-entity";
import { productEntity } from "./product-entity";
import { productReductions, reductionView } from "./product-reductions";
import { movementItem } from "./stock";
import { afterStockChange, type StockAlertDeps } from "./stock-alerts";

type ProductRecord = EntityItem<ProductEntity>;

/**
 * The product as the API answers it. Read `at` an instant (the shop's public reads), its price is the one in force
 * then, with the reduction announced; without, the regular price the owner's form edits.
 */
export function toProduct(record: ProductRecord, at?: Date): Product {
  const inForce = at ? priceInForce(record.price_cents, productReductions(record), at) : null;
  return {
    id: record.id,
    name: record.name,
    price: centsToEuros(inForce?.price ?? record.price_cents),
    ...(inForce && { reduction: reductionView(inForce) }),
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
 * A product goes or stays on sale only with its cosmetics information (Code de la consommation L111-1; Regulation (EC)
 * 1223/2009 art. 19; Regulation (EU) 2023/988 art. 19; docs/decisions/015-cosmetics-information.md). Inactive products
 * may be saved incomplete; products active before the rule keep selling until their next save.
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
  const result = await productEntity(db).query.byId({}).go({ pages: "all" });
  return result.data.sort((a, b) => a.id - b.id);
}

export async function listActiveProducts(deps: DataDeps): Promise<Product[]> {
  const now = deps.clock();
  return (await allProductRecords(deps))
    .filter((record) => record.is_active)
    .map((record) => toProduct(record, now));
}

/** Unknown and inactive products are both 'Produit non trouvé'. */
export async function getActiveProduct(deps: DataDeps, id: number): Promise<Product> {
  const { data } = await productEntity(deps.db).get({ id }).go();
  if (!data?.is_active) throw new DomainError("PRODUCT_NOT_FOUND");
  return toProduct(data, deps.clock());
}

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
  const record = {
    ...rest,
    id,
    price_cents: eurosToCents(price),
    price_recorded_at: now,
    created_at: now,
    updated_at: now,
  };
  await writeTransaction(deps.db, () => [
    { commit: productEntity.transact(deps.db).create(record).commit() },
    priceChangeItem(deps.db, {
      productId: id,
      price: record.price_cents,
      at: now,
      reason: "created",
      adminId,
    }),
    ...(record.stock > 0
      ? [
          movementItem(deps.db, {
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

export async function listAllProducts(deps: DataDeps): Promise<Product[]> {
  return (await allProductRecords(deps)).map((record) => toProduct(record));
}

/**
 * `stockLoaded` is the stock the form showed: left as it was, it is not written (sales made meanwhile stand); a new
 * figure is written only if the stock is still `stockLoaded`, else 409 with the stock now.
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
  const priceCents = eurosToCents(price);
  const { data: before } = await productEntity(deps.db).get({ id }).go();
  if (!before) throw new DomainError("PRODUCT_NOT_FOUND");
  const changesPrice = before.price_cents !== priceCents;
  // The reference price its reductions announce, and their history lines, were decided on this price.
  if (changesPrice && holdsThePrice(before.reductions ?? [], deps.clock()))
    throw new DomainError("PRICE_HELD_BY_REDUCTION");
  const now = deps.clock().toISOString();
  const outcome = await writeTransaction(deps.db, () => {
    let patch = productEntity
      .transact(deps.db)
      .patch({ id })
      .set({
        ...rest,
        ...(changesStock && { stock }),
        price_cents: priceCents,
        updated_at: now,
      });
    if (changesStock) patch = patch.where(({ stock: current }, { eq }) => eq(current, stockLoaded));
    // The history's line is the change from the price read: another edit in between makes this one stale.
    if (changesPrice)
      patch = patch.where(
        ({ price_cents, reductions_version }, { eq, notExists }) =>
          `${eq(price_cents, before.price_cents)} AND ${
            before.reductions_version === undefined
              ? notExists(reductions_version)
              : eq(reductions_version, before.reductions_version)
          }`,
      );
    return [
      { commit: patch.commit(), onFailed: "stale" },
      ...(changesPrice
        ? [priceChangeItem(deps.db, { productId: id, price: priceCents, at: now, reason: "edited", adminId })]
        : []),
      ...(changesStock
        ? [
            movementItem(deps.db, {
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
  const { data: current } = await productEntity(deps.db).get({ id }).go();
  if (!current) throw new DomainError("PRODUCT_NOT_FOUND");
  if (outcome !== "written" && (!changesStock || current.stock === stockLoaded))
    throw new DomainError("PRODUCT_CHANGED");
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

/** Orders keep their own copy of its name and price. */
export async function deleteProduct(deps: DataDeps & { media?: ObjectStorage }, id: number): Promise<void> {
  let photos: { id: string; widths: number[] }[] = [];
  try {
    const { data } = await productEntity(deps.db)
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
