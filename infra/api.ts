import { DOCUMENTS_BUCKET } from "../functions/platform/adapters/documents-env";
import { MEDIA_BUCKET } from "../functions/platform/adapters/media-env";
import { type ApiArea, type ApiAreaName, apiAreas } from "../functions/platform/areas";
import { EDGE_KEY_VARIABLE } from "../functions/platform/edge-headers";
import {
  accountMailQueue,
  accountMailQueueUrlVariable,
  accountMailSenderMounts,
  sendAccountMailRequests,
  stockMailSenderMounts,
} from "./account-mail-queue";
import { apiConcurrency } from "./concurrency";
import { documentsBucket, documentsErasePermissions, documentsPermissions } from "./documents";
import { edgeKey } from "./edge-key";
import { mailFrom, sendMail } from "./email";
import { lambdaEsbuild, lambdaExternal, lambdaInstalls } from "./lambda-bundle";
import { mediaBucket, mediaPermissions } from "./media";
import { publishQueue, publishQueueUrlVariable, sendPublishRequests } from "./publish-queue";
import { type SecretUse, type ShopSecret, secretAreas } from "./secret-access";
import { grantShopSecret, secretsEnvironment } from "./secrets";
import { siteUrl } from "./stage";
import { type TableAccess, table, tablePermissions } from "./storage";

export interface ApiFunction {
  readonly area: ApiArea;
  readonly fn: sst.aws.Function;
}

/** `catalog` -> `ApiCatalog`: component names are PascalCase and stable (renaming one replaces the Lambda). */
export function functionName(area: string): string {
  return `Api${area
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("")}`;
}

/**
 * What every function of the shop shares: runtime, bundling, environment, and the right to ask for a publish (any of
 * them may change what the prebuilt pages print: an edit, a sale, a release). Its rights on the table and on SES are
 * listed, never linked (SST's link grants `dynamodb:*` and `ses:*`): `table` (storage.ts) and `sendsMail`, by default
 * those of a job (items written, mail sent). `sendsAccountMail`: the right to send to the account mail queue, and its
 * URL (the function serving forgot password).
 */
export function functionArgs(
  handler: string,
  description: string,
  options: {
    table?: TableAccess;
    sendsMail?: boolean;
    sendsAccountMail?: boolean;
    environment?: Record<string, $util.Input<string>>;
    permissions?: sst.aws.FunctionPermissionArgs[];
  } = {},
): sst.aws.FunctionArgs {
  return {
    handler,
    description,
    runtime: "nodejs24.x",
    architecture: "arm64",
    memory: "512 MB",
    // Below CloudFront's 30 s origin timeout, so a slow call ends as the API's error, not CloudFront's.
    timeout: "20 seconds",
    nodejs: { esbuild: { external: lambdaExternal } },
    permissions: [
      ...tablePermissions(options.table ?? "write"),
      ...(options.sendsMail === false ? [] : [sendMail]),
      sendPublishRequests,
      ...(options.sendsAccountMail ? [sendAccountMailRequests] : []),
      ...(options.permissions ?? []),
    ],
    environment: {
      TABLE_NAME: table.name,
      MAIL_FROM: mailFrom,
      ...(siteUrl ? { SITE_URL: siteUrl } : {}),
      [publishQueueUrlVariable]: publishQueue.url,
      // The shop's secrets' key (secrets.ts): named to every function, usable only by those granted (below, jobs.ts).
      ...secretsEnvironment,
      ...(options.sendsAccountMail ? { [accountMailQueueUrlVariable]: accountMailQueue.url } : {}),
      ...options.environment,
    },
  };
}

/**
 * What each API area's code does with the table and SES (read from its routes and the services they call):
 * - catalog: reads the products and public settings; a CSP report counts against its abuse limit; no mail.
 * - accounting: the exports read the invoices and counters; the owner's session is extended; no mail.
 * - photos: writes a product's photos; no mail (a photo changes no stock, so no stock alert).
 * - docs: the OpenAPI document, built from the contracts: neither table nor mail.
 * - the others write items and mail, directly or through the stock alerts handled in the function (deps-from-env.ts).
 */
const areaRights: Record<ApiAreaName, { table: TableAccess; sendsMail: boolean }> = {
  catalog: { table: "read-and-update", sendsMail: false },
  accounts: { table: "write", sendsMail: true },
  orders: { table: "write", sendsMail: true },
  payments: { table: "write", sendsMail: true },
  admin: { table: "write", sendsMail: true },
  documents: { table: "write", sendsMail: true },
  accounting: { table: "read-and-update", sendsMail: false },
  lots: { table: "write", sendsMail: true },
  photos: { table: "write", sendsMail: false },
  shipping: { table: "write", sendsMail: true },
  docs: { table: "none", sendsMail: false },
};

/**
 * One Lambda per API area (`functions/platform/areas.ts`), each running the Hono app with only its area's route modules
 * (`functions/platform/lambda/<area>.ts`). The Router in `web.ts` sends each mount path to its area's function URL.
 */
export const apiFunctions: readonly ApiFunction[] = apiAreas.map((area) => {
  // The photos function alone writes product photos (media.ts): rights on their objects and the bucket's name.
  const photos = area.name === "photos";
  // The shipping function alone stores and reads the label PDFs (documents.ts): rights on their objects and the name.
  const shipping = area.name === "shipping";
  // The accounts function erases accounts, and the documents function a guest's data, and with them
  // their orders' labels (documents.ts): delete only.
  const erasesLabels = area.name === "accounts" || area.name === "documents";
  const args = functionArgs(
    `functions/platform/lambda/${area.name}.handler`,
    `API ${area.mounts.join(" ")}`,
    {
      ...areaRights[area.name],
      // Forgot password, the bank-transfer order, the stock alerts and the waitlist hand their mails to the account
      // mail queue (account-mail-queue.ts), so an answer never waits for SES: only their functions send.
      sendsAccountMail: area.mounts.some(
        (mount) => accountMailSenderMounts.includes(mount) || stockMailSenderMounts.includes(mount),
      ),
      // The Router's requests carry the visitor's address with this key (edge-key.ts, middleware/client-ip.ts).
      environment: {
        [EDGE_KEY_VARIABLE]: edgeKey.result,
        ...(photos ? { [MEDIA_BUCKET]: mediaBucket.name } : {}),
        ...(shipping || erasesLabels ? { [DOCUMENTS_BUCKET]: documentsBucket.name } : {}),
      },
      ...(shipping ? { permissions: documentsPermissions } : {}),
      ...(erasesLabels ? { permissions: documentsErasePermissions } : {}),
      ...(photos ? { permissions: mediaPermissions } : {}),
    },
  );
  const install = lambdaInstalls[area.name];
  return {
    area,
    fn: new sst.aws.Function(functionName(area.name), {
      ...args,
      // Without the contracts' documentation, but for the docs function, which serves it (lambda-bundle.ts).
      nodejs: { esbuild: lambdaEsbuild(area.name), ...(install ? { install } : {}) },
      // sharp decodes a 4 MB camera photo and encodes 8 variants: more memory is also more CPU on Lambda.
      ...(photos ? { memory: "1536 MB" as const } : {}),
      // Its share of the account's pool and its cap, when the account's quota allows (concurrency.ts).
      ...apiConcurrency(area.name),
      // Browsers reach it through the Router, on the site's origin: no CORS headers, so no other site can read it.
      // The URL takes no IAM signature (CloudFront's origin access control would need every POST's body hash from
      // the browser): the app refuses any request without the edge key instead (docs/decisions/031).
      url: { cors: false },
    }),
  };
});

/**
 * The shop's secrets' key, per function and secret (secret-access.ts, docs/decisions/031): the admin function seals
 * what the owner saves (PayPal's secret, Colissimo's password and API key) and opens PayPal's for refunds; the
 * functions placing PayPal orders and refunds open PayPal's, the shipping function Colissimo's password; no other API
 * function may use the key.
 */
for (const { area, fn } of apiFunctions) {
  for (const [secret, areas] of Object.entries(secretAreas) as [
    ShopSecret,
    (typeof secretAreas)[ShopSecret],
  ][]) {
    const uses: readonly SecretUse[] = areas[area.name] ?? [];
    for (const use of uses) grantShopSecret(functionName(area.name), fn.nodes.role.arn, secret, use);
  }
}

/** The function serving `mount`; throws when no area mounts it. */
export function functionServing(mount: string): sst.aws.Function {
  const served = apiFunctions.find(({ area }) => area.mounts.includes(mount));
  if (!served) throw new Error(`No API area mounts ${mount} (functions/platform/areas.ts)`);
  return served.fn;
}
