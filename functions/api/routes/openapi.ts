import { Hono } from "hono";
import { adminDocs } from "../docs/admin";
import { adminBatchesDocs } from "../docs/admin-batches";
import { adminDocumentsDocs } from "../docs/admin-documents";
import { adminExportsDocs } from "../docs/admin-exports";
import { adminPhotosDocs } from "../docs/admin-photos";
import { adminStockDocs } from "../docs/admin-stock";
import { adminTodoDocs } from "../docs/admin-todo";
import { adminWithdrawalsDocs } from "../docs/admin-withdrawals";
import { authDocs } from "../docs/auth";
import { cspReportsDocs } from "../docs/csp-reports";
import { customerOrdersDocs } from "../docs/customer-orders";
import { ordersDocs } from "../docs/orders";
import { paypalDocs } from "../docs/paypal";
import { personalDataDocs } from "../docs/personal-data";
import { productsDocs } from "../docs/products";
import { promoDocs } from "../docs/promo";
import { settingsDocs } from "../docs/settings";
import { userDocs } from "../docs/user";
import { adminWaitlistDocs, waitlistDocs } from "../docs/waitlist";
import { withdrawalsDocs } from "../docs/withdrawals";
import type { AppEnv } from "../env";
import { buildOpenApiDocument, type RouteDoc } from "../openapi";

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
  ...adminTodoDocs,
  ...adminExportsDocs,
  ...adminBatchesDocs,
  ...waitlistDocs,
  ...adminWaitlistDocs,
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
