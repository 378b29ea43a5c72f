/**
 * The shop's single-table data model, composed from one ElectroDB entity per file.
 *
 * Access patterns (pk / sk, index):
 * - product by id                 $shop#product / $product_1#id_<id>              (table)
 * - all products                  query the product partition                     (table)
 * - counter by name               $shop#name_<name>                                (table)
 * - setting by key / all settings $shop#setting / $setting_1#key_<key>           (table)
 * - user by id                    $shop#id_<id>                                    (table)
 * - user id by e-mail (unique)    $shop#email_<email>                              (table)
 * - users newest first            gsi1: user partition, sorted by created_at       (gsi1)
 * - session by token hash         $shop#token_hash_<sha256>                        (table)
 * - a user's sessions             gsi1: $shop#user_id_<id>, by created_at          (gsi1)
 * - reset token by hash           $shop#token_hash_<sha256>                        (table)
 * - throttling bucket (sliding)   $shop#scope_<scope>#subject_<key> / by bucket_start (table)
 * - a user's addresses            $shop#user_id_<id> / $address_1#id_<id>          (table)
 * - promo by id / all promos      $shop#id_<id>; gsi1 promo partition by created_at (table, gsi1)
 * - promo id by code (unique)     $shop#code_<CODE>                                (table)
 * - a user's uses of a promo/day  $shop#promo_id_<id>#user_id_<id>#day_<day>       (table)
 * - a promo's usage history       $shop#promo_id_<id> / by used_at                  (table)
 * - order by id                   $shop#id_<id>                                    (table)
 * - a user's orders, newest first gsi1: $shop#user_id_<id>, by created_at          (gsi1)
 * - all orders, newest first      gsi2: order partition, by created_at             (gsi2)
 * - idempotency key               $shop#user_id_<id>#key_<key>                     (table)
 * - a user's idempotency keys     gsi1: $shop#user_id_<id>, by key                 (gsi1)
 * - our order by PayPal order id  $shop#paypal_order_id_<id>                       (table)
 * - PayPal webhook event applied  $shop#id_<event id> / $webhook_event_1           (table)
 * - dashboard counters (sharded)  $shop#scope_all#07, $shop#scope_month-YYYY-MM#12 (table)
 * - a product's stock movements   $shop#product_id_<id> / by at, id                (table)
 * - site publishing facts         $shop#site_storefront                            (table)
 * - invoice / credit note         $shop#number_FA-2026-000042                      (table)
 * - an order's withdrawals        $shop#order_id_<id> / $withdrawal_1#seq_<001>    (table)
 * - all withdrawals, newest first gsi2: withdrawal partition, by requested_at      (gsi2)
 * - a product's batches (lots)    $shop#product_id_<id> / $batch_1#lot_<lot>       (table)
 * - the orders of a lot (+recall) $shop#product_id_<id>#lot_<lot> / by order_id    (table)
 * - a product's waitlist          $shop#product_id_<id> / $waitlist_request_1#email_key_<sha256> (table)
 * - the owner's summary of a day  $shop#day_<YYYY-MM-DD>                           (table)
 * - the machinery's problems      $shop / $owner_problem_1#kind_<k>#subject_<s>    (table)
 * - an address no longer mailed   $shop#email_<email> / $mail_suppression_1        (table)
 * - a link to a guest's order     $shop#order_id_<id> / $guest_link_1#hash_<sha256>  (table)
 * - « Mes données » links mailed  gsi1: $shop#email_<email>, by created_at          (gsi1)
 * - an account's attach links     gsi1: $shop#user_id_<id>, by created_at          (gsi1)
 * - an order's Colissimo label     $shop#order_id_<id> / $shipping_label_1          (table)
 * - the labels bought on a day     gsi1: $shop#day_<YYYY-MM-DD>, by bought_at       (gsi1)
 */
import {
  createGetTransaction,
  createWriteTransaction,
  type DocumentClient,
  ElectroError,
  Entity,
  type Service,
} from "electrodb";
import { addressSchema } from "../../accounts/address-entity";
import { resetTokenSchema } from "../../accounts/reset-token-entity";
import { sessionSchema } from "../../accounts/session-entity";
import { userEmailSchema, userSchema } from "../../accounts/user-entity";
import { dailySummarySchema } from "../../admin/daily-summary-entity";
import { batchSaleSchema, batchSchema } from "../../batches/entity";
import { productSchema } from "../../catalog/product-entity";
import { stockMovementSchema } from "../../catalog/stock-movement-entity";
import { mailSuppressionSchema } from "../../mail/suppression-entity";
import { idempotencyKeySchema, orderSchema } from "../../orders/entity";
import { guestAttachTokenSchema } from "../../orders/guest/account/attach-token-entity";
import { guestLinkSchema } from "../../orders/guest/link-entity";
import { invoiceSchema } from "../../orders/invoice-entity";
import { unpaidHoldSchema } from "../../orders/unpaid-hold-entity";
import { paypalLinkSchema, webhookEventSchema } from "../../payments/entity";
import { guestDataTokenSchema } from "../../personal-data/guest/token-entity";
import { promoCodeSchema, promoDailyUseSchema, promoSchema, promoUsageSchema } from "../../promos/entity";
import { sitePublishSchema } from "../../publishing/entity";
import { settingSchema } from "../../settings/entity";
import { shippingLabelSchema } from "../../shipping/label-entity";
import { pickupPointSchema } from "../../shipping/pickup-point-entity";
import { waitlistSchema } from "../../waitlist/entity";
import { withdrawalSchema } from "../../withdrawals/entity";
import { createDocumentClient, createDynamoClient, type DbConfig } from "./client";
import { counterSchema } from "./entities/counter";
import { ownerProblemSchema } from "./entities/owner-problem";
import { rateWindowSchema } from "./entities/rate-window";
import { statsSchema } from "./entities/stats";
import type { EntityOf } from "./entity-schema";

export const entitySchemas = {
  product: productSchema,
  counter: counterSchema,
  setting: settingSchema,
  user: userSchema,
  userEmail: userEmailSchema,
  session: sessionSchema,
  resetToken: resetTokenSchema,
  rateWindow: rateWindowSchema,
  address: addressSchema,
  promo: promoSchema,
  promoCode: promoCodeSchema,
  promoDailyUse: promoDailyUseSchema,
  promoUsage: promoUsageSchema,
  order: orderSchema,
  idempotencyKey: idempotencyKeySchema,
  paypalLink: paypalLinkSchema,
  webhookEvent: webhookEventSchema,
  stats: statsSchema,
  invoice: invoiceSchema,
  stockMovement: stockMovementSchema,
  sitePublish: sitePublishSchema,
  withdrawal: withdrawalSchema,
  batch: batchSchema,
  batchSale: batchSaleSchema,
  waitlist: waitlistSchema,
  dailySummary: dailySummarySchema,
  ownerProblem: ownerProblemSchema,
  mailSuppression: mailSuppressionSchema,
  shippingLabel: shippingLabelSchema,
  pickupPoint: pickupPointSchema,
  guestLink: guestLinkSchema,
  guestDataToken: guestDataTokenSchema,
  guestAttachToken: guestAttachTokenSchema,
  unpaidHold: unpaidHoldSchema,
};

type Schemas = typeof entitySchemas;
export type EntityName = keyof Schemas;
export type Entities = { [Name in EntityName]: EntityOf<Schemas[Name]> };

interface EntityInternals {
  go(method: string, parameters: unknown, config?: Record<string, unknown>): Promise<unknown>;
}

// ElectroDB's constructor (code, message, cause), which its public types leave out. No code: "UnknownError".
const Electro = ElectroError as unknown as new (
  code: undefined,
  message: string,
  cause: Error,
) => ElectroError<Error>;

type CallFailure = Error & { isElectroError?: boolean; __isAWSError?: boolean; __edb_params?: unknown };

/** The error ElectroDB would have rejected with: an ElectroError whose `cause` is the SDK's error. */
export function electroErrorOf(failure: unknown): unknown {
  if (!(failure instanceof Error)) return failure;
  const raw = failure as CallFailure;
  if (raw.isElectroError) return raw;
  const error = new Electro(undefined, raw.message, raw);
  Object.defineProperty(error, "params", { value: () => raw.__edb_params ?? null, configurable: true });
  if (raw.__isAWSError) {
    error.message = `Error thrown by DynamoDB client: "${raw.message}" - For more detail on this error reference: https://electrodb.dev/en/reference/errors/#aws-error`;
    Object.defineProperty(error, "code", { value: 4001, enumerable: true, configurable: true });
  }
  return error;
}

/**
 * Unless told `originalErr`, ElectroDB builds an ElectroError (a stack trace, ~7 % of a busy API's time) before every
 * call; here it is built only when the call failed, in ElectroDB's shape.
 */
function errorsOnFailureOnly<E>(entity: E): E {
  const internals = entity as unknown as EntityInternals;
  const go = internals.go.bind(internals);
  internals.go = (method, parameters, config = {}) =>
    go(method, parameters, { ...config, originalErr: true }).catch((failure: unknown) => {
      throw electroErrorOf(failure);
    });
  return entity;
}

/** Each entity is built (~5 ms of validation) when first used: a Lambda builds only those of its area. */
function lazyEntities(client: DocumentClient, table: string): Entities {
  const built: Partial<Record<EntityName, unknown>> = {};
  const entities = {} as Entities;
  for (const name of Object.keys(entitySchemas) as EntityName[]) {
    Object.defineProperty(entities, name, {
      enumerable: true,
      get: () => {
        built[name] ??= errorsOnFailureOnly(new Entity(entitySchemas[name], { client, table }));
        return built[name];
      },
    });
  }
  return entities;
}

type Transactions = Service<Entities>["transaction"];

/**
 * ElectroDB's Service transactions without building every entity. The items are built first (once): ElectroDB picks
 * the sending entity before it asks for them.
 */
function lazyTransactions(entities: Entities): { transaction: Transactions } {
  const transaction =
    (create: (entities: never, items: () => never) => unknown) =>
    (items: (entities: Entities) => unknown) => {
      const used: Partial<Record<EntityName, unknown>> = {};
      const naming = {} as Entities;
      for (const name of Object.keys(entities) as EntityName[]) {
        Object.defineProperty(naming, name, {
          get: () => {
            used[name] = entities[name];
            return used[name];
          },
        });
      }
      const listed = items(naming);
      // Nothing listed: ElectroDB answers without a request, but wants an entity to send it; any one will do.
      if (!Object.keys(used).length) used.setting = entities.setting;
      return create(used as never, () => listed as never);
    };
  // Typed loosely inside: ElectroDB's types describe the Service's form, not this one.
  return {
    transaction: {
      write: transaction(createWriteTransaction) as unknown as Transactions["write"],
      get: transaction(createGetTransaction) as unknown as Transactions["get"],
    },
  };
}

export function createDb(config: DbConfig) {
  const dynamo = createDynamoClient(config);
  const documents = createDocumentClient(dynamo);
  const entities = lazyEntities(documents, config.tableName);
  return { service: lazyTransactions(entities), entities, dynamo, documents, tableName: config.tableName };
}
export type Db = ReturnType<typeof createDb>;
