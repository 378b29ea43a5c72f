/** Path parameters several route modules share, and their contracts. */
import * as z from "zod";

/** An order's (or any record's) id in the path. */
export const idParam = z.object({ id: z.string().min(1).max(40) });
/** An order's credit note: /orders/{id}/credit-notes/{number}. */
export const creditNoteParam = idParam.extend({ number: z.string().min(1).max(40) });
