import { Hono } from "hono";
import * as z from "zod";
import { productParamSchema } from "../../../src/domain/batch-schemas";
import { productSchema } from "../../../src/domain/product";
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  PHOTOS_API_MOUNT as PHOTOS_MOUNT,
} from "../../../src/domain/product-photos";
import { addProductPhoto, arrangeProductPhotos, deleteProductPhoto } from "../../services/product-photos";
import type { AppEnv } from "../env";
import { requireAdmin } from "../middleware/admin";
import { withSession } from "../middleware/session";
import { validate } from "../middleware/validate";
import { errorResponseSchema, type RouteDoc } from "../openapi";

const productParam = productParamSchema;
const photoParam = productParam.extend({ photoId: z.string().regex(/^[0-9a-z]{26}$/, "Photo introuvable.") });
const altText = z.string().trim().max(200, "Le texte alternatif compte au plus 200 caractères.");
const uploadQuery = z.object({ alt: altText.optional() });
export const arrangePhotosSchema = z.strictObject({
  order: z.array(z.string().max(40)).max(MAX_PHOTOS),
  alts: z.record(z.string().max(40), altText).default({}),
});

/**
 * A product's photos (issue 16, decision record 019), admin only: upload one (the file's bytes as the body, its
 * alt text in `?alt=`), reorder them and set their alt texts, delete one. Served by the "photos" function, the only
 * one carrying sharp.
 */
export const adminPhotosRoutes = new Hono<AppEnv>()
  .use(withSession, requireAdmin)
  .post("/:productId", validate("param", productParam), validate("query", uploadQuery), async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const product = await addProductPhoto(
      c.var.deps,
      c.req.valid("param").productId,
      bytes,
      c.req.valid("query").alt ?? "",
    );
    return c.json(product, 201);
  })
  .put("/:productId", validate("param", productParam), validate("json", arrangePhotosSchema), async (c) =>
    c.json(await arrangeProductPhotos(c.var.deps, c.req.valid("param").productId, c.req.valid("json"))),
  )
  .delete("/:productId/:photoId", validate("param", photoParam), async (c) => {
    const { productId, photoId } = c.req.valid("param");
    return c.json(await deleteProductPhoto(c.var.deps, productId, photoId));
  });

const errors = {
  401: { description: "Non connecté", schema: errorResponseSchema },
  403: { description: "Réservé à l'administrateur", schema: errorResponseSchema },
  404: { description: "Produit ou photo inconnu", schema: errorResponseSchema },
};

export const adminPhotosDocs: RouteDoc[] = [
  {
    method: "post",
    path: `${PHOTOS_MOUNT}/{productId}`,
    tag: "Administration",
    summary: `Ajouter une photo à un produit : le fichier en corps de requête (JPEG, PNG, WebP, AVIF ou HEIC, ${MAX_PHOTO_BYTES / 1024 / 1024} Mo au plus, 400 à 8000 pixels de côté), son texte alternatif dans ?alt=`,
    params: productParam,
    query: uploadQuery,
    responses: {
      201: { description: "Le produit, avec sa nouvelle photo en dernier", schema: productSchema },
      400: { description: "Dimensions refusées", schema: errorResponseSchema },
      409: { description: "10 photos déjà", schema: errorResponseSchema },
      413: { description: "Fichier trop lourd", schema: errorResponseSchema },
      415: { description: "Pas une photo lisible", schema: errorResponseSchema },
      ...errors,
    },
  },
  {
    method: "put",
    path: `${PHOTOS_MOUNT}/{productId}`,
    tag: "Administration",
    summary:
      "Réordonner les photos d'un produit (la première est la photo principale) et leurs textes alternatifs",
    params: productParam,
    body: arrangePhotosSchema,
    responses: {
      200: { description: "Le produit", schema: productSchema },
      409: { description: "Les photos ont changé entre-temps", schema: errorResponseSchema },
      ...errors,
    },
  },
  {
    method: "delete",
    path: `${PHOTOS_MOUNT}/{productId}/{photoId}`,
    tag: "Administration",
    summary: "Supprimer une photo d'un produit (et ses fichiers)",
    params: photoParam,
    responses: { 200: { description: "Le produit", schema: productSchema }, ...errors },
  },
];
