import { DomainError } from "../../src/domain/errors";
import type { DataDeps } from "../platform/deps";
import { orderEntity } from "./entity";
import type { OrderRecord } from "./service";

/** An order by id, apart from the service so that a reader (reviews, labels) bundles only this read. */
export async function getOrder(deps: DataDeps, id: string): Promise<OrderRecord> {
  const { data } = await orderEntity(deps.db).get({ id }).go();
  if (!data) throw new DomainError("ORDER_NOT_FOUND");
  return data;
}

/** Someone else's order is 'not found', exactly like a made-up id. */
export async function getUserOrder(deps: DataDeps, userId: string, id: string): Promise<OrderRecord> {
  const { data } = await orderEntity(deps.db).get({ id }).go();
  if (!data || data.user_id !== userId) throw new DomainError("ORDER_NOT_FOUND");
  return data;
}
