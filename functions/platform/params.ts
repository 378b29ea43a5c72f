import * as z from "zod";

export const idParam = z.object({ id: z.string().min(1).max(40) });
export const creditNoteParam = idParam.extend({ number: z.string().min(1).max(40) });
