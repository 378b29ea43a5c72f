/**
 * The grants of the PayPal secret's key (infra/secret-access.ts, docs/decisions/031) follow the code: each API
 * function and job is bundled as SST bundles it, and a bundle that can seal the secret (sealPaypalSecret, saving
 * Paramètres) or open it (openPaypalSecret, calling PayPal) must be listed for that use, and a listed one must need
 * it. A new route calling PayPal from another function fails here before it fails on AWS with KMS's AccessDenied.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { apiAreas } from "../../functions/platform/areas";
import { lambdaEsbuild } from "../../infra/lambda-bundle";
import { paypalSecretAreas, paypalSecretJobs, type SecretUse } from "../../infra/secret-access";
import { jobEsbuild, root, sstBuildOptions } from "./lambda-bundle";

/**
 * What the entry's bundle, built as SST builds it (lambda-bundle.ts), can do with the secret: its code keeps the
 * functions' names (esbuild keepNames).
 */
async function usesOf(entry: string, esbuild: Parameters<typeof sstBuildOptions>[2]): Promise<SecretUse[]> {
  const result = await build({ ...sstBuildOptions(join(root, entry), "bundle.mjs", esbuild), write: false });
  const code = result.outputFiles.map((file) => file.text).join("\n");
  return [
    ...(code.includes('"sealPaypalSecret"') ? ["encrypt" as const] : []),
    ...(code.includes('"openPaypalSecret"') ? ["decrypt" as const] : []),
  ];
}

describe("who may use the PayPal secret's key", () => {
  it("is exactly the API functions whose code seals or opens it", async () => {
    for (const { name } of apiAreas) {
      const listed = paypalSecretAreas[name as keyof typeof paypalSecretAreas] ?? [];
      expect(await usesOf(`functions/platform/lambda/${name}.ts`, lambdaEsbuild(name)), name).toEqual([
        ...listed,
      ]);
    }
  });

  it("is exactly the jobs whose code opens it, and no job seals it", async () => {
    // Each feature's scheduled work is in functions/<feature>/jobs/.
    const jobs = readdirSync(join(root, "functions"))
      .filter((feature) => existsSync(join(root, "functions", feature, "jobs")))
      .flatMap((feature) =>
        readdirSync(join(root, "functions", feature, "jobs"))
          .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
          .map((file) => `functions/${feature}/jobs/${file.replace(/\.ts$/, "")}`),
      );
    expect(jobs).toEqual(expect.arrayContaining([...paypalSecretJobs]));
    for (const job of jobs) {
      const expected: SecretUse[] = (paypalSecretJobs as readonly string[]).includes(job) ? ["decrypt"] : [];
      expect(await usesOf(`${job}.ts`, jobEsbuild), job).toEqual(expected);
    }
  });
});
