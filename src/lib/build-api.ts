/**
 * Data for the static build, read from the live API over HTTP: the very contract the browser uses, so the
 * prebuilt pages and the islands can never disagree on shapes. Only for .astro frontmatter and
 * getStaticPaths; islands use lib/catalog-client.ts.
 *
 * Any failure (API down, HTTP error, unexpected body) stops the build with a message saying what to do:
 * a shop published without its catalogue would be worse than no new deployment.
 */
import * as z from "zod";
import { type Product, productSchema } from "../domain/catalog/product";
import type { PublishedReview } from "../domain/reviews/ratings";
import { publishedReviewSchema } from "../domain/reviews/review-schemas";
import {
  type PublicCompany,
  type PublicShipping,
  publicCompanySchema,
  publicShippingSchema,
} from "../domain/settings/settings";
import type { ApiPath } from "./api/client";

export const shopApiUrl = (process.env.SHOP_API_URL ?? "http://localhost:4321").replace(/\/+$/, "");

/** The edge key's header and variable (functions/platform/edge-headers.ts, which src/ does not import). */
export const BUILD_EDGE_KEY_HEADER = "x-shop-edge-key";
export const BUILD_EDGE_KEY_VARIABLE = "SHOP_EDGE_KEY";

/**
 * The headers of every build read. `Cache-Control: no-cache` makes the API read its database rather than answer
 * what it kept in memory (functions/platform/middleware/public-read.ts): a publish started right after an edit must print
 * that edit. The build calls the function URL directly, never the CDN (infra/web.ts `siteBuildApiUrl`), and on AWS
 * a function URL answers only requests carrying the Router's edge key, which `sst deploy` and the publish project
 * give the build (docs/decisions/031); read only here, at build time, never shipped to a page.
 */
export function buildHeaders(env: NodeJS.ProcessEnv = process.env): Readonly<Record<string, string>> {
  const key = env[BUILD_EDGE_KEY_VARIABLE]?.trim();
  return {
    accept: "application/json",
    "cache-control": "no-cache",
    ...(key ? { [BUILD_EDGE_KEY_HEADER]: key } : {}),
  };
}

export const buildReadHeaders = buildHeaders();

class BuildApiError extends Error {
  override name = "BuildApiError";
}

async function getJson<T>(path: ApiPath, schema: z.ZodType<T>): Promise<T> {
  const url = `${shopApiUrl}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: buildReadHeaders,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (cause) {
    throw new BuildApiError(
      `Build impossible : l'API de la boutique ne répond pas à ${url} (${describeCause(cause)}).\n` +
        "Démarrez l'API avant de construire le site, ou indiquez son adresse avec SHOP_API_URL " +
        "(par exemple SHOP_API_URL=http://localhost:4321 npx astro build).",
      { cause },
    );
  }
  if (!response.ok) {
    throw new BuildApiError(`Build impossible : GET ${url} a répondu HTTP ${response.status}.`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new BuildApiError(`Build impossible : GET ${url} n'a pas renvoyé du JSON valide.`, { cause });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) => `${issue.path.join(".") || "(racine)"}: ${issue.message}`,
    );
    throw new BuildApiError(
      `Build impossible : la réponse de GET ${url} ne respecte pas le contrat.\n  ${issues.slice(0, 10).join("\n  ")}`,
    );
  }
  return parsed.data;
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = cause.cause instanceof Error ? `: ${cause.cause.message}` : "";
    return `${cause.message}${inner}`;
  }
  return String(cause);
}

/** One request per resource and per build, however many pages read it. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load();
    return pending;
  };
}

const productListSchema = productSchema.array();

/** Active products, in the API's order. */
export const getProducts: () => Promise<Product[]> = once(() => getJson("/api/products", productListSchema));

export const getCompany: () => Promise<PublicCompany> = once(() =>
  getJson("/api/settings/company", publicCompanySchema),
);

export const getShipping: () => Promise<PublicShipping> = once(() =>
  getJson("/api/settings/shipping", publicShippingSchema),
);

const publishedReviewsSchema = z.object({ reviews: publishedReviewSchema.array() });

/** Every published review, newest first, by product id: read once, shown by the product pages and the home's cards. */
export const getPublishedReviews: () => Promise<ReadonlyMap<number, PublishedReview[]>> = once(async () => {
  const { reviews } = await getJson("/api/reviews/published", publishedReviewsSchema);
  const byProduct = new Map<number, PublishedReview[]>();
  for (const { product_id, ...review } of reviews) {
    const list = byProduct.get(product_id) ?? [];
    list.push(review);
    byProduct.set(product_id, list);
  }
  return byProduct;
});
