import { Hono } from "hono";
import type { AppEnv } from "../env";
import { buildOpenApiDocument, type RouteDoc } from "../openapi";
import { adminDocs } from "./admin";
import { adminBatchesDocs } from "./admin-batches";
import { adminDocumentsDocs } from "./admin-documents";
import { adminExportsDocs } from "./admin-exports";
import { adminPhotosDocs } from "./admin-photos";
import { adminStockDocs } from "./admin-stock";
import { adminWithdrawalsDocs } from "./admin-withdrawals";
import { authDocs } from "./auth";
import { cspReportsDocs } from "./csp-reports";
import { customerOrdersDocs } from "./customer-orders";
import { ordersDocs } from "./orders";
import { paypalDocs } from "./paypal";
import { personalDataDocs } from "./personal-data";
import { productsDocs } from "./products";
import { promoDocs } from "./promo";
import { settingsDocs } from "./settings";
import { userDocs } from "./user";
import { withdrawalsDocs } from "./withdrawals";

/** Every documented operation of the API; a test checks it matches the routes the app really serves. */
export const apiDocs: readonly RouteDoc[] = [
  ...productsDocs,
  ...settingsDocs,
  ...cspReportsDocs,
  ...authDocs,
  ...userDocs,
  ...ordersDocs,
  ...promoDocs,
  ...paypalDocs,
  ...adminDocs,
  ...adminPhotosDocs,
  ...adminStockDocs,
  ...customerOrdersDocs,
  ...adminDocumentsDocs,
  ...personalDataDocs,
  ...withdrawalsDocs,
  ...adminWithdrawalsDocs,
  ...adminExportsDocs,
  ...adminBatchesDocs,
  openApiDoc(),
];

function openApiDoc(): RouteDoc {
  return {
    method: "get",
    path: "/api/openapi.json",
    tag: "Documentation",
    summary: "Ce document OpenAPI",
    responses: { 200: { description: "Document OpenAPI 3.1" } },
  };
}

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export const openApiRoutes = new Hono<AppEnv>().get("/", (c) => {
  document ??= buildOpenApiDocument(apiDocs);
  return c.json(document);
});
