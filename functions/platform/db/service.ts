/**
 * The shop's single-table data model: one ElectroDB entity per file, each in the feature that owns it.
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
import { createDocumentClient, createDynamoClient, type DbConfig } from "./client";

/** The table's clients: each feature builds its own entities on them (`defineEntity`). */
export function createDb(config: DbConfig) {
  const dynamo = createDynamoClient(config);
  const documents = createDocumentClient(dynamo);
  return { dynamo, documents, tableName: config.tableName };
}
export type Db = ReturnType<typeof createDb>;
