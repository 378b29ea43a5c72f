/**
 * Issue 29: a client generated from the OpenAPI document (openapi-typescript, `npm run openapi:types` writes
 * src/lib/api/openapi.d.ts; `npm run typecheck` does it first) gets the very types the API answers with. Each line
 * compares one operation's documented answer with the return type of the service its route answers with; a
 * document that says less, more or otherwise than the API fails `npm run typecheck` on that line.
 */

import type { listAddresses } from "../../functions/accounts/addresses";
import type { getProfile } from "../../functions/accounts/profile";
import type { currentOwnerTodo } from "../../functions/admin/owner-todo";
import type { adminStats, listOrders, listUsers, userDetails } from "../../functions/admin/service";
import type { getActiveProduct, listActiveProducts, listAllProducts } from "../../functions/catalog/service";
import type { listUserOrders } from "../../functions/orders/service";
import type { validatePromo } from "../../functions/promos/service";
import type { checkoutSettings } from "../../functions/settings/checkout";
import type { publicCompany, publicShipping } from "../../functions/settings/service";
import type { searchPickupPoints } from "../../functions/shipping/pickup-points";
import type { operations } from "../../src/lib/api/openapi";

/** What the API sends: the service's result, as JSON.stringify writes it. */
type Answer<F extends (...args: never[]) => unknown> = Jsonified<Awaited<ReturnType<F>>>;
type Jsonified<T> = T extends Date
  ? string
  : T extends readonly (infer I)[]
    ? Jsonified<I>[]
    : T extends object
      ? { [K in keyof T as T[K] extends undefined ? never : K]: Jsonified<T[K]> }
      : T;

/** The documented JSON body of an operation's answer. */
type Documented<
  O extends keyof operations,
  S extends keyof operations[O]["responses"],
> = operations[O]["responses"][S] extends {
  content: { "application/json": infer B };
}
  ? B
  : never;

/**
 * True when the document and the API agree: everything the API sends fits the documented type, and the documented
 * type promises nothing the API does not send (each field it lists, the API sends). A document may say `string`
 * where the API sends one fixed message (the API's literal types are widened for that direction), but not `string`
 * for a status the API documents as an enum.
 */
type Same<Doc, Api> = [Api] extends [Doc] ? ([Doc] extends [Widened<Api>] ? true : false) : false;
type Widened<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends readonly (infer I)[]
        ? Widened<I>[]
        : T extends object
          ? { [K in keyof T]: Widened<T[K]> }
          : T;
const same = <_T extends true>() => undefined;

same<Same<Documented<"getProducts", 200>, Answer<typeof listActiveProducts>>>();
same<Same<Documented<"getProductsById", 200>, Answer<typeof getActiveProduct>>>();
same<Same<Documented<"getSettingsShipping", 200>, Answer<typeof publicShipping>>>();
same<Same<Documented<"getSettingsCompany", 200>, Answer<typeof publicCompany>>>();
same<Same<Documented<"getSettingsCheckout", 200>, Answer<typeof checkoutSettings>>>();
same<Same<Documented<"postPromoValidate", 200>, Answer<typeof validatePromo>>>();
same<Same<Documented<"getUserOrders", 200>, Answer<typeof listUserOrders>>>();
same<Same<Documented<"getUserProfile", 200>, Answer<typeof getProfile>>>();
same<Same<Documented<"getUserAddresses", 200>, Answer<typeof listAddresses>>>();
same<Same<Documented<"getAdminProducts", 200>, Answer<typeof listAllProducts>>>();
same<Same<Documented<"getAdminStats", 200>, Answer<typeof adminStats>>>();
same<Same<Documented<"getAdminUsers", 200>, Answer<typeof listUsers>>>();
same<Same<Documented<"getAdminOrders", 200>, Answer<typeof listOrders>>>();
same<Same<Documented<"getAdminTodo", 200>, Answer<typeof currentOwnerTodo>>>();
same<Same<Documented<"getAdminUsersById", 200>, Answer<typeof userDetails>>>();
same<Same<Documented<"getShippingPickupPoints", 200>, Answer<typeof searchPickupPoints>>>();
