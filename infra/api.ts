import { type ApiArea, type ApiAreaName, apiAreas } from "../functions/main/areas";
import { DOCUMENTS_BUCKET } from "../functions/platform/adapters/documents-env";
import { MEDIA_BUCKET } from "../functions/platform/adapters/media-env";
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

/** Component names are PascalCase and stable: renaming one replaces the Lambda. */
export function functionName(area: string): string {
  return `Api${area
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("")}`;
}

/**
 * What every function of the shop shares, with the right to ask for a publish (any of them may change what the
 * prebuilt pages print). Table and SES rights are listed, never linked: SST's link grants `dynamodb:*` and `ses:*`.
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
      ...secretsEnvironment,
      ...(options.sendsAccountMail ? { [accountMailQueueUrlVariable]: accountMailQueue.url } : {}),
      ...options.environment,
    },
  };
}

/** What each API area's code does with the table and SES, read from its routes and the services they call. */
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

/** One Lambda per API area (`functions/main/areas.ts`), running only its area's routes. */
export const apiFunctions: readonly ApiFunction[] = apiAreas.map((area) => {
  // Photos and label PDFs: the photos function writes the first, the shipping function the second.
  const photos = area.name === "photos";
  const shipping = area.name === "shipping";
  // Erasing an account or a guest's data deletes its orders' labels.
  const erasesLabels = area.name === "accounts" || area.name === "documents";
  const args = functionArgs(`functions/main/lambda/${area.name}.handler`, `API ${area.mounts.join(" ")}`, {
    ...areaRights[area.name],
    // These mounts hand their mails to the account mail queue, so an answer never waits for SES.
    sendsAccountMail: area.mounts.some(
      (mount) => accountMailSenderMounts.includes(mount) || stockMailSenderMounts.includes(mount),
    ),
    environment: {
      [EDGE_KEY_VARIABLE]: edgeKey.result,
      ...(photos ? { [MEDIA_BUCKET]: mediaBucket.name } : {}),
      ...(shipping || erasesLabels ? { [DOCUMENTS_BUCKET]: documentsBucket.name } : {}),
    },
    ...(shipping ? { permissions: documentsPermissions } : {}),
    ...(erasesLabels ? { permissions: documentsErasePermissions } : {}),
    ...(photos ? { permissions: mediaPermissions } : {}),
  });
  const install = lambdaInstalls[area.name];
  return {
    area,
    fn: new sst.aws.Function(functionName(area.name), {
      ...args,
      nodejs: { esbuild: lambdaEsbuild(area.name), ...(install ? { install } : {}) },
      // sharp decodes a 4 MB camera photo and encodes 8 variants: more memory is also more CPU on Lambda.
      ...(photos ? { memory: "1536 MB" as const } : {}),
      ...apiConcurrency(area.name),
      // No CORS: only the site's origin reads it. No IAM signature (origin access control would need every POST's
      // body hash from the browser): the app refuses requests without the edge key (docs/decisions/031).
      url: { cors: false },
    }),
  };
});

/** The secrets key's grants per function and secret (secret-access.ts); no other API function may use the key. */
for (const { area, fn } of apiFunctions) {
  for (const [secret, areas] of Object.entries(secretAreas) as [
    ShopSecret,
    (typeof secretAreas)[ShopSecret],
  ][]) {
    const uses: readonly SecretUse[] = areas[area.name] ?? [];
    for (const use of uses) grantShopSecret(functionName(area.name), fn.nodes.role.arn, secret, use);
  }
}

export function functionServing(mount: string): sst.aws.Function {
  const served = apiFunctions.find(({ area }) => area.mounts.includes(mount));
  if (!served) throw new Error(`No API area mounts ${mount} (functions/main/areas.ts)`);
  return served.fn;
}
