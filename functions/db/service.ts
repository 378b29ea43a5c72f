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
 */
import { Service } from "electrodb";
import { createDocumentClient, createDynamoClient, type DbConfig } from "./client";
import { AddressEntity } from "./entities/address";
import { BatchEntity, BatchSaleEntity } from "./entities/batch";
import { CounterEntity } from "./entities/counter";
import { InvoiceEntity } from "./entities/invoice";
import { IdempotencyKeyEntity, OrderEntity } from "./entities/order";
import { PaypalLinkEntity, WebhookEventEntity } from "./entities/paypal";
import { ProductEntity } from "./entities/product";
import { PromoCodeEntity, PromoDailyUseEntity, PromoEntity, PromoUsageEntity } from "./entities/promo";
import { RateWindowEntity } from "./entities/rate-window";
import { ResetTokenEntity } from "./entities/reset-token";
import { SessionEntity } from "./entities/session";
import { SettingEntity } from "./entities/setting";
import { SitePublishEntity } from "./entities/site-publish";
import { StatsEntity } from "./entities/stats";
import { StockMovementEntity } from "./entities/stock-movement";
import { UserEmailEntity, UserEntity } from "./entities/user";
import { WithdrawalEntity } from "./entities/withdrawal";

const entities = {
  product: ProductEntity,
  counter: CounterEntity,
  setting: SettingEntity,
  user: UserEntity,
  userEmail: UserEmailEntity,
  session: SessionEntity,
  resetToken: ResetTokenEntity,
  rateWindow: RateWindowEntity,
  address: AddressEntity,
  promo: PromoEntity,
  promoCode: PromoCodeEntity,
  promoDailyUse: PromoDailyUseEntity,
  promoUsage: PromoUsageEntity,
  order: OrderEntity,
  idempotencyKey: IdempotencyKeyEntity,
  paypalLink: PaypalLinkEntity,
  webhookEvent: WebhookEventEntity,
  stats: StatsEntity,
  invoice: InvoiceEntity,
  stockMovement: StockMovementEntity,
  sitePublish: SitePublishEntity,
  withdrawal: WithdrawalEntity,
  batch: BatchEntity,
  batchSale: BatchSaleEntity,
};

export function createDb(config: DbConfig) {
  const dynamo = createDynamoClient(config);
  const service = new Service(entities, { client: createDocumentClient(dynamo), table: config.tableName });
  return { service, entities: service.entities, dynamo, tableName: config.tableName };
}

export type Db = ReturnType<typeof createDb>;
