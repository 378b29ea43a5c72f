import * as z from "zod";
import { settingKeys } from "../../src/domain/settings/settings";
import { idParam } from "../platform/params";

export const refundParam = idParam.extend({ refundId: z.string().min(1).max(60) });
export const settingKeyParam = z.object({
  key: z.enum(settingKeys as [string, ...string[]], "Réglage inconnu."),
});
export const settingBody = z.object({ value: z.record(z.string(), z.unknown()) });
