import * as z from "zod";
import { addressInputSchema } from "../../src/domain/accounts/address";

/** Address ids are ULIDs; anything else cannot be one of the caller's addresses. */
export const addressIdParam = z.object({ id: z.string() });
export const addressUpdateSchema = z.union([
  z.strictObject({ is_default: z.literal(true) }),
  addressInputSchema,
]);
