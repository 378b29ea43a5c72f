/** Request schemas of routes/customer-orders.ts, shared with its documentation (docs/customer-orders.ts). */
import * as z from "zod";

export const orderIdParam = z.object({ id: z.string().max(40) });
export const creditNoteParam = orderIdParam.extend({ number: z.string().min(1).max(40) });
