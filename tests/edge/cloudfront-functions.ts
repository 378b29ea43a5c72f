/**
 * A CloudFront Functions runtime (cloudfront-js-2.0) for the edge rehearsal, after AWS's documented rules
 * ("CloudFront Functions event structure", "JavaScript runtime 2.0 features for CloudFront Functions", "Helper methods
 * for key value stores", "Helper methods for origin modification", "Quotas on CloudFront Functions"):
 * - the code runs in a node:vm context: no `require`, no `process`, no network, no timers;
 * - `import cf from "cloudfront"` is the only import: `cf.kvs().get(key)` reads the associated KeyValueStore and
 *   rejects for a missing key; `cf.updateRequestOrigin(origin)` picks the origin of this request;
 * - the event is `{ version, context: { eventType, ... }, viewer: { ip }, request, response }` with lowercase header
 *   names as `{ value }`, query string and cookies as objects of `{ value }` (`multiValue` when repeated);
 * - a function is at most 10 KB of code.
 */
import { createContext, Script } from "node:vm";

export const FUNCTION_SIZE_LIMIT_BYTES = 10 * 1024;

export interface CfValue {
  value: string;
  multiValue?: { value: string }[];
}
export type CfMap = Record<string, CfValue>;

export interface CfRequest {
  method: string;
  uri: string;
  querystring: CfMap;
  headers: CfMap;
  cookies: CfMap;
}

export interface CfResponse {
  statusCode: number;
  statusDescription?: string;
  headers: CfMap;
  cookies?: CfMap;
  body?: { encoding: "text" | "base64"; data: string } | string;
}

export interface CfOrigin {
  domainName: string;
  [setting: string]: unknown;
}

export interface CfEvent {
  version: "1.0";
  context: { distributionDomainName: string; distributionId: string; eventType: string; requestId: string };
  viewer: { ip: string };
  request: CfRequest;
  response?: CfResponse;
}

/** A KeyValueStore: what the edge reads (`cf.kvs().get`). */
export type KeyValueStore = Map<string, string>;

export interface CompiledFunction {
  readonly code: string;
  readonly size: number;
  /** Runs the handler on an event; `origin` is what `cf.updateRequestOrigin` set, if anything. */
  run(event: CfEvent): Promise<{ result: CfRequest | CfResponse; origin: CfOrigin | undefined }>;
}

/** Compiles a function's code as CloudFront would accept it: cloudfront-js-2.0, its one import, 10 KB at most. */
export function compileFunction(code: string, store: KeyValueStore | undefined): CompiledFunction {
  const size = Buffer.byteLength(code, "utf8");
  if (size > FUNCTION_SIZE_LIMIT_BYTES) {
    throw new Error(
      `The function is ${size} bytes: CloudFront Functions take at most ${FUNCTION_SIZE_LIMIT_BYTES}`,
    );
  }
  const importLine = /^\s*import cf from "cloudfront";\s*$/m;
  if (!importLine.test(code)) throw new Error('The function does not import "cloudfront"');
  const body = code.replace(importLine, "");
  if (/\bimport\b[^(]/.test(body.replace(/"[^"\n]*"|'[^'\n]*'/g, ""))) {
    throw new Error("CloudFront Functions accept no other import");
  }
  const script = new Script(`${body}\n;handler`, { filename: "cloudfront-function.js" });

  return {
    code,
    size,
    async run(event) {
      let origin: CfOrigin | undefined;
      const cf = {
        kvs() {
          if (!store) throw new Error("No KeyValueStore is associated with this function");
          return {
            async get(key: string, options?: { format?: "string" | "json" | "bytes" }) {
              const value = store.get(key);
              if (value === undefined) throw new Error(`Key ${key} not found`);
              return options?.format === "json" ? JSON.parse(value) : value;
            },
            async exists(key: string) {
              return store.has(key);
            },
          };
        },
        updateRequestOrigin(next: CfOrigin) {
          if (!next || typeof next.domainName !== "string")
            throw new Error("updateRequestOrigin needs a domainName");
          origin = structuredClone(next);
        },
      };
      // A fresh context per invocation: nothing survives between requests, as at the edge.
      const context = createContext(
        { cf, console: { log() {} } },
        { codeGeneration: { strings: false, wasm: false } },
      );
      // A generous bound (a loaded test machine): CloudFront's 1 ms compute budget cannot be measured here.
      const handler = script.runInContext(context, { timeout: 1000 }) as (event: CfEvent) => Promise<unknown>;
      // The event crosses into the context as JSON, as CloudFront hands it over.
      const result = (await handler(JSON.parse(JSON.stringify(event)))) as CfRequest | CfResponse;
      return { result: JSON.parse(JSON.stringify(result)), origin };
    },
  };
}

/** Query string as cloudfront-js-2.0 shows it: one `{ value }` per name, `multiValue` when repeated. */
export function toCfMap(pairs: Iterable<[string, string]>): CfMap {
  const map: CfMap = {};
  for (const [name, value] of pairs) {
    const existing = map[name];
    if (!existing) map[name] = { value };
    else {
      existing.multiValue ??= [{ value: existing.value }];
      existing.multiValue.push({ value });
    }
  }
  return map;
}

/** `isResponse`: a viewer-request function may answer itself instead of returning the request. */
export function isResponse(result: CfRequest | CfResponse): result is CfResponse {
  return typeof (result as CfResponse).statusCode === "number";
}

/**
 * Runs one of the Router's injections (infra/edge.ts) as SST's Router wraps it: the body of a viewer-request function
 * that then passes the request on, or of a viewer-response function that then sends the response, on one viewer's
 * event. The request is a GET without headers, query string or cookies unless told.
 */
export async function runInjection(
  injection: string,
  eventType: "viewer-request" | "viewer-response",
  request: Partial<CfRequest> & { uri: string },
  { store, response }: { store?: KeyValueStore; response?: CfResponse } = {},
): Promise<CfRequest | CfResponse> {
  const passOn = eventType === "viewer-request" ? "event.request" : "event.response";
  const fn = compileFunction(
    `import cf from "cloudfront";\nasync function handler(event) {\n${injection}\nreturn ${passOn};\n}`,
    store,
  );
  const { result } = await fn.run({
    version: "1.0",
    context: { distributionDomainName: "d.cloudfront.net", distributionId: "E1", eventType, requestId: "r" },
    viewer: { ip: "203.0.113.7" },
    request: { method: "GET", headers: {}, querystring: {}, cookies: {}, ...request },
    ...(response && { response }),
  });
  return result;
}
