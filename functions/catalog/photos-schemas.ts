import * as z from "zod";
import { productParamSchema } from "../../src/domain/batches/batch-schemas";
import { MAX_PHOTOS } from "../../src/domain/catalog/product-photos";

export const productParam = productParamSchema;
export const photoParam = productParam.extend({
  photoId: z.string().regex(/^[0-9a-z]{26}$/, "Photo introuvable."),
});
export const altText = z.string().trim().max(200, "Le texte alternatif compte au plus 200 caractères.");
export const uploadQuery = z.object({ alt: altText.optional() });
export const arrangePhotosSchema = z.strictObject({
  order: z.array(z.string().max(40)).max(MAX_PHOTOS),
  alts: z.record(z.string().max(40), altText).default({}),
});
