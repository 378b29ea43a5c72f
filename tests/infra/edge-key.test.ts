/**
 * The per-address limits count the visitor's address on AWS, not CloudFront's (issue 14): the Router's
 * viewer-request function writes the address CloudFront saw with the edge key, a secret only it and the API
 * functions get (functions/platform/middleware/client-ip.ts believes the address only with it).
 */
import { afterEach, describe, expect, it } from "vitest";
import { apiAreas } from "../../functions/main/areas";
import {
  EDGE_KEY_HEADER,
  EDGE_KEY_VARIABLE,
  VIEWER_ADDRESS_HEADER,
} from "../../functions/platform/edge-headers";
import { pageKey } from "../../infra/edge";
import { runInjection } from "../edge/cloudfront-functions";
import { deployedPageKeys } from "../edge/router-config";
import { productionEnv } from "./recorded";
import { type Deployment, deepKnown, deploy, known, restoreSstStubs } from "./sst-stubs";

afterEach(restoreSstStubs);

interface EdgeRequest {
  uri: string;
  headers: Record<string, { value: string }>;
}

/** Runs the injection as the Router's viewer-request function does (cloudfront-js-2.0, the page keys of a deploy). */
async function viewerRequest(
  injection: string,
  uri: string,
  headers: EdgeRequest["headers"] = {},
  method = "POST",
) {
  const store = new Map([...deployedPageKeys(), [pageKey("/product/3"), "1"]]);
  const result = await runInjection(injection, "viewer-request", { uri, method, headers }, { store });
  return result as unknown as EdgeRequest;
}

/** The stage's one edge key and its value. */
function edgeKeyOf(deployment: Deployment) {
  const keys = deployment.recording.resources.filter(
    ({ type }) => type === "random:index/randomPassword:RandomPassword",
  );
  expect(keys).toHaveLength(1);
  const [key] = keys;
  if (!key) throw new Error("no edge key");
  return {
    args: key.args,
    secret: known((key.instance as unknown as { result: $util.Output<string> }).result),
  };
}

describe("the edge key", () => {
  it("is one random secret of the stage, given to every API function and to no job", async () => {
    const deployment = await deploy("production", productionEnv);
    const { args, secret } = edgeKeyOf(deployment);
    expect(args).toEqual({ length: 48, special: false });
    const withKey = deployment.recording.functions.filter(
      ({ args }) => (deepKnown(args.environment) as Record<string, string>)?.[EDGE_KEY_VARIABLE] === secret,
    );
    expect(withKey.map(({ name }) => name).sort()).toEqual(
      apiAreas.map(({ name }) => `Api${name[0]?.toUpperCase()}${name.slice(1)}`).sort(),
    );
  });

  it("goes with the visitor's address on every API request through the Router, on no site request", async () => {
    const deployment = await deploy("production", productionEnv);
    const [router] = deployment.recording.routers;
    const injection = String(
      (deepKnown(router?.args?.edge?.viewerRequest) as { injection?: string })?.injection,
    );
    const { secret } = edgeKeyOf(deployment);

    const api = await viewerRequest(injection, "/api/auth/signin");
    expect(api.headers[VIEWER_ADDRESS_HEADER]?.value).toBe("203.0.113.7");
    expect(api.headers[EDGE_KEY_HEADER]?.value).toBe(secret);

    // A value the client wrote is replaced, never passed on.
    const forged = await viewerRequest(injection, "/api/auth/signin", {
      [VIEWER_ADDRESS_HEADER]: { value: "198.51.100.1" },
      [EDGE_KEY_HEADER]: { value: "guess" },
    });
    expect(forged.headers[VIEWER_ADDRESS_HEADER]?.value).toBe("203.0.113.7");
    expect(forged.headers[EDGE_KEY_HEADER]?.value).toBe(secret);

    const site = await viewerRequest(
      injection,
      "/product/3",
      { [EDGE_KEY_HEADER]: { value: "guess" } },
      "GET",
    );
    expect(site.headers).toEqual({});
    // Another method on a site path is answered at the edge (405, decision record 034), the key nowhere in it.
    const refused = (await viewerRequest(injection, "/product/3")) as unknown as {
      statusCode?: number;
      headers: Record<string, { value: string }>;
    };
    expect(refused.statusCode).toBe(405);
    expect(refused.headers[EDGE_KEY_HEADER]).toBeUndefined();
  });
});

describe("the function URLs, answering only requests with the edge key (docs/decisions/031)", () => {
  it("give no other way in: every API function has the key and is routed by the Router, whose requests carry it", async () => {
    const deployment = await deploy("production", productionEnv);
    const { secret } = edgeKeyOf(deployment);
    const routed = new Set(deployment.recording.routes.map(({ url }) => url));
    const api = deployment.recording.functions.filter(({ args }) =>
      String(known(args.handler)).startsWith("functions/main/lambda/"),
    );
    expect(api).toHaveLength(apiAreas.length);
    for (const { name, args, instance } of api) {
      expect((deepKnown(args.environment) as Record<string, string>)[EDGE_KEY_VARIABLE], name).toBe(secret);
      expect(routed.has(known(instance.url) ?? ""), `${name} is routed`).toBe(true);
    }
  });

  it("are read by the site's builds with the key: the deploy's build and each publish's", async () => {
    const deployment = await deploy("production", productionEnv);
    const { secret } = edgeKeyOf(deployment);
    const [site] = deployment.recording.sites;
    expect((deepKnown(site?.args?.environment) as Record<string, string>)[EDGE_KEY_VARIABLE]).toBe(secret);
    const project = deployment.recording.resources.find(
      ({ type }) => type === "aws:codebuild/project:Project",
    );
    const variables = (
      deepKnown(project?.args.environment) as {
        environmentVariables: { name: string; value: string; type?: string }[];
      }
    ).environmentVariables;
    // The publish reads it from Parameter Store as it starts: the parameter holds the key, the project its name.
    const parameter = deployment.recording.resources.find(
      ({ type }) => type === "aws:ssm/parameter:Parameter",
    );
    expect(deepKnown(parameter?.args)).toMatchObject({ type: "SecureString", value: secret });
    expect(variables).toContainEqual({
      name: EDGE_KEY_VARIABLE,
      type: "PARAMETER_STORE",
      value: known(parameter?.instance.name),
    });
  });

  it("is a secret for the publish build: in no plain-text setting of the project, echoed by no build command", async () => {
    const deployment = await deploy("production", productionEnv);
    const { secret } = edgeKeyOf(deployment);
    const project = deployment.recording.resources.find(
      ({ type }) => type === "aws:codebuild/project:Project",
    );
    const args = deepKnown(project?.args) as {
      environment: { environmentVariables: { name: string; value: string; type?: string }[] };
      source: { buildspec: string };
    };
    // CodeBuild shows PLAINTEXT variables in its console and API (API reference, "EnvironmentVariable").
    expect(JSON.stringify(args)).not.toContain(secret);
    for (const variable of args.environment.environmentVariables)
      if (variable.type !== "PARAMETER_STORE") expect(variable.name).not.toBe(EDGE_KEY_VARIABLE);
    // CodeBuild logs every command it runs: none names the key's variable, prints the environment or traces itself.
    const spec = args.source.buildspec;
    expect(spec).not.toContain(EDGE_KEY_VARIABLE);
    expect(spec).not.toMatch(/\b(printenv|env\s*$|set -x|export -p)\b/m);
    // The parameter is the only one the build may read.
    const policy = deployment.recording.resources.find(({ name }) => name === "SitePublishBuildPolicy");
    const statements = (
      deepKnown(policy?.args.policy) as { Statement: { Action: string; Resource: string }[] }
    ).Statement;
    const parameter = deployment.recording.resources.find(
      ({ type }) => type === "aws:ssm/parameter:Parameter",
    );
    expect(statements.filter(({ Action }) => String(Action).startsWith("ssm:"))).toEqual([
      { Effect: "Allow", Action: "ssm:GetParameters", Resource: known(parameter?.instance.arn) },
    ]);
  });
});
