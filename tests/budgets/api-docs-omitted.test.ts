/**
 * The API's serving Lambdas are built without the contracts' documentation (src/domain/api-docs.d.ts,
 * infra/lambda-bundle.ts): their bundles carry no summary, no answer description and no answer schema only the
 * document uses, yet still validate their inputs with the contracts' schemas; the docs function's bundle and the
 * local server's document keep every word.
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiOperations } from "../../functions/main/contracts";
import { buildOpenApiDocument } from "../../functions/platform/openapi";
import { waitlistContract } from "../../functions/waitlist/contract";
import { buildLambdaBundle, bundleDir, node24, root } from "./lambda-bundle";

const run = promisify(execFile);

// Words of the waitlist's contract (served by the orders function), all ASCII so the minifier writes them as they are:
// an operation's summary, one of its answers' description, and the error answers' schema description (contract.ts).
const summary = "Confirmer une demande d'alerte par le jeton du lien de l'e-mail de confirmation";
const description = "Demande re\\xE7ue ; confirmation envoy\\xE9e par e-mail";
const schemaWords = "Code machine stable.";

let outdir = "";
let removeOutdir: (() => Promise<void>) | undefined;
const code: Record<string, string> = {};
const files: Record<string, string> = {};
beforeAll(async () => {
  ({ dir: outdir, remove: removeOutdir } = await bundleDir());
  for (const name of ["orders", "docs"]) {
    const bundle = await buildLambdaBundle(name, outdir);
    expect(bundle.errors).toEqual([]);
    files[name] = bundle.file;
    code[name] = await readFile(bundle.file, "utf8");
  }
}, 120_000);
afterAll(async () => {
  await removeOutdir?.();
});

describe("the contracts' documentation in the bundles", () => {
  it("is what the waitlist's contract says, in the local document", () => {
    expect(waitlistContract.postWaitlistConfirm.summary).toBe(summary);
    const document = JSON.stringify(buildOpenApiDocument(apiOperations));
    expect(document).toContain(summary);
    expect(document).toContain(schemaWords);
  });

  it("is left out of a serving function's bundle (orders)", () => {
    expect(code.orders).toContain('"/api/waitlist/confirm"');
    expect(code.orders).not.toContain(summary);
    expect(code.orders).not.toContain(description);
    expect(code.orders).not.toContain(schemaWords);
    expect(code.orders).not.toContain("API_DOCS_OMITTED");
  });

  it("stays in the docs function's bundle", () => {
    expect(code.docs).toContain(summary);
    expect(code.docs).toContain(description);
    expect(code.docs).toContain(schemaWords);
  });

  it("is not needed to validate: the built orders function still answers a missing field with its French 400", async () => {
    // A fresh Node 24 process imports the bundle and calls its Hono app (no database call: the body is refused first).
    const probe = `
      const { app } = await import(process.argv[1]);
      const response = await app.request("/api/waitlist/confirm", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      console.log(JSON.stringify({ status: response.status, body: await response.json() }));`;
    const env: NodeJS.ProcessEnv = { ...process.env, TABLE_NAME: "bundle-probe", AWS_REGION: "eu-west-3" };
    delete env.AWS_LAMBDA_FUNCTION_NAME;
    delete env.NODE_OPTIONS;
    const { stdout } = await run(
      node24,
      ["--input-type=module", "-e", probe, pathToFileURL(files.orders ?? "").href],
      { env, cwd: root },
    );
    const answer = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}");
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("VALIDATION");
    expect(answer.body.fields).toHaveProperty("token");
  });
});
