/**
 * The grants of the shop's secrets' key (infra/secret-access.ts, docs/decisions/031) follow the code: each API
 * function and job is bundled as SST bundles it, and a bundle that can seal the PayPal secret (sealPaypalSecret,
 * saving Paramètres) or open it (openPaypalSecret, calling PayPal) must be listed for that use, and a listed one must
 * need it; the same for Colissimo's secrets (saveColissimoSetting seals the password and La Poste's API key,
 * openColissimoSecret opens one of them: which one, tests/infra/secrets.test.ts lists). A new route calling PayPal or
 * Colissimo from another function fails here before it fails on AWS with KMS's AccessDenied.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { apiAreas } from "../../functions/main/areas";
import { lambdaEsbuild } from "../../infra/lambda-bundle";
import {
  colissimoPasswordAreas,
  laposteApiKeyAreas,
  laposteApiKeyJobs,
  paypalSecretAreas,
  paypalSecretJobs,
  type SecretUse,
} from "../../infra/secret-access";
import { jobEsbuild, root, sstBuildOptions } from "./lambda-bundle";

/**
 * What the entry's bundle, built as SST builds it (lambda-bundle.ts), can do with the secret: its code keeps the
 * functions' names (esbuild keepNames).
 */
async function usesOf(
  entry: string,
  esbuild: Parameters<typeof sstBuildOptions>[2],
): Promise<{ paypal: SecretUse[]; colissimo: SecretUse[] }> {
  const result = await build({ ...sstBuildOptions(join(root, entry), "bundle.mjs", esbuild), write: false });
  const code = result.outputFiles.map((file) => file.text).join("\n");
  return {
    paypal: [
      ...(code.includes('"sealPaypalSecret"') ? ["encrypt" as const] : []),
      ...(code.includes('"openPaypalSecret"') ? ["decrypt" as const] : []),
    ],
    colissimo: [
      ...(code.includes('"saveColissimoSetting"') ? ["encrypt" as const] : []),
      ...(code.includes('"openColissimoSecret"') ? ["decrypt" as const] : []),
    ],
  };
}

/**
 * What an area is granted on Colissimo's secrets, as the bundle can tell it: `encrypt` when it may seal both (the
 * card's save seals both at once), `decrypt` when it may open either.
 */
function colissimoListed(name: string): SecretUse[] {
  const password: readonly SecretUse[] =
    colissimoPasswordAreas[name as keyof typeof colissimoPasswordAreas] ?? [];
  const apiKey: readonly SecretUse[] = laposteApiKeyAreas[name as keyof typeof laposteApiKeyAreas] ?? [];
  return [
    ...(password.includes("encrypt") && apiKey.includes("encrypt") ? ["encrypt" as const] : []),
    ...(password.includes("decrypt") || apiKey.includes("decrypt") ? ["decrypt" as const] : []),
  ];
}

describe("who may use the shop's secrets' key", () => {
  it("is exactly the API functions whose code seals or opens each secret", async () => {
    for (const { name } of apiAreas) {
      const listed = paypalSecretAreas[name as keyof typeof paypalSecretAreas] ?? [];
      expect(await usesOf(`functions/main/lambda/${name}.ts`, lambdaEsbuild(name)), name).toEqual({
        paypal: [...listed],
        colissimo: colissimoListed(name),
      });
    }
  });

  it("is exactly the jobs whose code opens the PayPal secret or La Poste's API key, and no job seals one", async () => {
    // Every job's Lambda entry is in functions/main/jobs/.
    const jobs = readdirSync(join(root, "functions", "main", "jobs"))
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .map((file) => `functions/main/jobs/${file.replace(/\.ts$/, "")}`);
    expect(jobs).toEqual(expect.arrayContaining([...paypalSecretJobs]));
    for (const job of jobs) {
      const expected: SecretUse[] = (paypalSecretJobs as readonly string[]).includes(job) ? ["decrypt"] : [];
      // The parcels' tracking opens La Poste's key (which one of Colissimo's: tests/infra/secrets.test.ts).
      const laposte: SecretUse[] = (laposteApiKeyJobs as readonly string[]).includes(job) ? ["decrypt"] : [];
      expect(await usesOf(`${job}.ts`, jobEsbuild), job).toEqual({ paypal: expected, colissimo: laposte });
    }
  });
});
