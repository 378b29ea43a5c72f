/** Schemas and words only: the docs function loads it without the code that serves it. */
import { productSchema } from "../../src/domain/catalog/product";
import { MAX_PHOTO_BYTES, PHOTOS_API_MOUNT as PHOTOS_MOUNT } from "../../src/domain/catalog/product-photos";
import { type Contract, errorResponse } from "../platform/contract";
import { arrangePhotosSchema, photoParam, productParam, uploadQuery } from "./photos-schemas";

const errors = globalThis.API_DOCS_OMITTED || {
  401: errorResponse("Non connecté"),
  403: errorResponse("Réservé à l'administrateur"),
  404: errorResponse("Produit ou photo inconnu"),
};

export const adminPhotosContract = {
  postAdminPhotosByProductId: {
    method: "post",
    path: `${PHOTOS_MOUNT}/{productId}`,
    params: productParam,
    query: uploadQuery,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Administration",
      summary: `Ajouter une photo à un produit : le fichier en corps de requête (JPEG, PNG, WebP, AVIF ou HEIC, ${MAX_PHOTO_BYTES / 1024 / 1024} Mo au plus, 400 à 8000 pixels de côté), son texte alternatif dans ?alt=`,
      responses: {
        201: { description: "Le produit, avec sa nouvelle photo en dernier", schema: productSchema },
        400: errorResponse("Dimensions refusées"),
        409: errorResponse("10 photos déjà"),
        413: errorResponse("Fichier trop lourd"),
        415: errorResponse("Pas une photo lisible"),
        ...errors,
      },
    }),
  },
  putAdminPhotosByProductId: {
    method: "put",
    path: `${PHOTOS_MOUNT}/{productId}`,
    params: productParam,
    body: arrangePhotosSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Administration",
      summary:
        "Réordonner les photos d'un produit (la première est la photo principale) et leurs textes alternatifs",
      responses: {
        200: { description: "Le produit", schema: productSchema },
        409: errorResponse("Les photos ont changé entre-temps"),
        ...errors,
      },
    }),
  },
  deleteAdminPhotosByProductIdByPhotoId: {
    method: "delete",
    path: `${PHOTOS_MOUNT}/{productId}/{photoId}`,
    params: photoParam,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Administration",
      summary: "Supprimer une photo d'un produit (et ses fichiers)",
      responses: { 200: { description: "Le produit", schema: productSchema }, ...errors },
    }),
  },
} satisfies Contract;
