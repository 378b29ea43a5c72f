/** Request schemas of routes/withdrawals.ts, shared with its documentation (docs/withdrawals.ts). */
import * as z from "zod";

export const orderIdParam = z.object({ id: z.string().min(1).max(40) });
