import { systemClock } from "../../functions/adapters/clock";
import { createDb } from "../../functions/db/service";
import type { DataDeps } from "../../functions/services/deps";
import { E2E_DYNAMODB_PORT } from "../../playwright.config";

/** Direct access to the running shop's DynamoDB Local, to set up what a journey needs (an owner's change). */
export function shopDeps(): DataDeps {
  return {
    db: createDb({
      tableName: process.env.TABLE_NAME ?? "savon-shop",
      endpoint: `http://127.0.0.1:${E2E_DYNAMODB_PORT}`,
    }),
    clock: systemClock,
  };
}

export async function setStock(deps: DataDeps, id: number, stock: number): Promise<void> {
  await deps.db.entities.product.patch({ id }).set({ stock }).go();
}
