/**
 * Every field message the API gives is a French sentence the shop wrote: each documented operation gets, field by
 * field, values out of its schema's range (too long, too large, negative, fractional, of the wrong type, too many
 * items, missing, not among the choices) and no message may be a validator's raw text (« Trop grand : entier doit
 * être <=9007199254740991 »), English, or an adjective that disagrees with its noun (« La ville est trop long. »).
 * The values are derived from the document's own JSON Schemas, so a new operation is tried without a word here.
 */
import { describe, expect, it } from "vitest";
import { createTestContext } from "../setup/test-db";
import { createCustomer } from "../support/customers";

const ctx = await createTestContext();
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}
interface Parameter {
  name: string;
  in: "path" | "query";
  schema: Schema;
}
interface OperationDoc {
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

const document = (await (await ctx.app.request("/api/openapi.json")).json()) as {
  paths: Record<string, Record<string, OperationDoc>>;
};

/** The ways a value leaves its schema's range. */
const KINDS = ["too-big", "too-small", "fraction", "wrong-type", "missing", "unknown-choice"] as const;
type Kind = (typeof KINDS)[number];

/** The branch a value is built for: the first that is not null (`string | null` is tried as a string). */
function branch(schema: Schema): Schema {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return branch(options.find((option) => option.type !== "null") ?? options[0] ?? {});
  if (Array.isArray(schema.type)) return { ...schema, type: schema.type.find((type) => type !== "null") };
  return schema;
}

/** A value of `schema` out of range in the way `kind` says (undefined: leave the field out). */
function outOfRange(original: Schema, kind: Kind): unknown {
  const schema = branch(original);
  if (schema.enum || schema.const !== undefined)
    return kind === "wrong-type" ? 7 : kind === "missing" ? undefined : "choix-inconnu";
  switch (schema.type) {
    case "string":
      if (kind === "too-big") return "x".repeat(Math.min((schema.maxLength ?? 300) + 1, 20_000));
      if (kind === "too-small") return "";
      if (kind === "wrong-type") return 12;
      return kind === "missing" ? undefined : "\u0000 pas ça";
    case "integer":
    case "number": {
      if (kind === "too-big") return schema.maximum === undefined ? 1e300 : schema.maximum + 1;
      if (kind === "too-small")
        return schema.minimum !== undefined
          ? schema.minimum - 1
          : schema.exclusiveMinimum !== undefined
            ? schema.exclusiveMinimum
            : -1e300;
      if (kind === "fraction") return 1.5;
      if (kind === "wrong-type") return "douze";
      return kind === "missing" ? undefined : -1;
    }
    case "boolean":
      return kind === "missing" ? undefined : "oui";
    case "array": {
      if (kind === "too-small") return [];
      if (kind === "wrong-type") return "liste";
      if (kind === "missing") return undefined;
      const item = outOfRange(schema.items ?? {}, kind);
      const count = kind === "too-big" ? Math.min((schema.maxItems ?? 2) + 1, 200) : 1;
      return Array.from({ length: count }, () => item);
    }
    case "object": {
      if (kind === "missing") return {};
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const bad = outOfRange(property, kind);
        if (bad !== undefined) value[name] = bad;
      }
      if (kind === "unknown-choice" && schema.additionalProperties === false) value.champ_inconnu = 1;
      return value;
    }
    default:
      // Any value is accepted (a CSP report, a webhook's event): nothing is out of its range.
      return undefined;
  }
}

/** A path or query parameter out of range: its value as the URL carries it. */
function parameterValue(parameter: Parameter, kind: Kind): string | undefined {
  const value = outOfRange(parameter.schema, kind === "missing" ? "too-small" : kind);
  if (value === undefined) return undefined;
  return encodeURIComponent(typeof value === "string" ? value : JSON.stringify(value));
}

/** Texts of zod's own French locale, English defaults, or comparison signs: a validator speaking, not the shop. */
const RAW =
  /Trop (grand|petit) :|Entrée invalide|Option invalide|Clés? (non reconnues?|invalide)|Chaîne de caractères invalide|Nombre invalide :|Valeur invalide dans|instance de|[<>]=?\s?-?\d|attendue?, .* reçu|\b(Invalid|Expected|Required|Too (big|small)|received|must be|Unrecognized)\b/;
/** A sentence begins with a capital (some of the spec's own texts end without a full stop). */
const SENTENCE = /^[A-ZÀÂÉÈÊÎÔÙÇ«]/;
/** Feminine subjects the shop's messages use: their adjective must be feminine too, and the other way round. */
const FEMININE_SUBJECT =
  /^(La |Une |Cette |L'(adresse|URL|image|unité|étiquette|option|heure|entreprise|offre|année|e-mail)\b)/i;
const MASCULINE_SUBJECT = /^(Le |Un |Ce |Cet )/;
const MASCULINE_ADJECTIVE =
  /\best (trop )?(long|court|grand|petit|inconnu|requis|négatif|nul|entier|prévu|autorisé|supérieur|inférieur)\b/;
const FEMININE_ADJECTIVE =
  /\best (trop )?(longue|courte|grande|petite|inconnue|requise|négative|nulle|entière|prévue|autorisée|supérieure|inférieure)\b/;

function messageProblem(message: string): string | null {
  if (RAW.test(message)) return "texte brut d'un validateur";
  if (!SENTENCE.test(message)) return "pas une phrase";
  if (FEMININE_SUBJECT.test(message) && MASCULINE_ADJECTIVE.test(message)) return "accord (féminin)";
  if (MASCULINE_SUBJECT.test(message) && FEMININE_ADJECTIVE.test(message)) return "accord (masculin)";
  return null;
}

const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
);

describe("the message checks", () => {
  it("recognise a validator's raw text, a fragment and a disagreeing adjective", () => {
    expect(messageProblem("Trop grand : entier doit être <=9007199254740991")).toBe(
      "texte brut d'un validateur",
    );
    expect(messageProblem("Entrée invalide : chaîne de caractères attendu, nombre reçu")).toBe(
      "texte brut d'un validateur",
    );
    expect(messageProblem("adresse e-mail invalide")).toBe("pas une phrase");
    expect(messageProblem('Clé non reconnue : "x"')).toBe("texte brut d'un validateur");
    expect(messageProblem("La ville est trop long.")).toBe("accord (féminin)");
    expect(messageProblem("L'adresse est trop long.")).toBe("accord (féminin)");
    expect(messageProblem("Le nom est trop longue.")).toBe("accord (masculin)");
    expect(messageProblem("La ville est trop longue.")).toBeNull();
    expect(messageProblem("Date invalide : AAAA-MM-JJ attendu.")).toBeNull();
  });
});

describe("every documented operation, with each field out of range", () => {
  it("answers each field with a French sentence the shop wrote", async () => {
    const problems = new Set<string>();
    const unchecked: string[] = [];
    let fieldMessages = 0;
    for (const { path, method, operation } of operations) {
      const body = operation.requestBody?.content["application/json"]?.schema;
      const inPath = operation.parameters.filter((parameter) => parameter.in === "path");
      const inQuery = operation.parameters.filter((parameter) => parameter.in === "query");
      if (!body && operation.parameters.length === 0) continue;
      let validated = false;
      for (const kind of KINDS) {
        const url = inPath.reduce(
          (concrete, parameter) =>
            concrete.replace(`{${parameter.name}}`, parameterValue(parameter, kind) ?? "0"),
          path,
        );
        const query = inQuery
          .map((parameter) => [parameter.name, parameterValue(parameter, kind)] as const)
          .filter(([, value]) => value !== undefined)
          .map(([name, value]) => `${name}=${value}`)
          .join("&");
        const response = await admin.call(
          method,
          query ? `${url}?${query}` : url,
          body ? (outOfRange(body, kind) ?? {}) : undefined,
        );
        const answer = (await response.json().catch(() => null)) as {
          code?: string;
          fields?: Record<string, string>;
        } | null;
        if (response.status >= 500 && response.status !== 503)
          problems.add(`${method} ${path} (${kind}) : ${response.status}`);
        if (answer?.code === "VALIDATION") validated = true;
        for (const [field, message] of Object.entries(answer?.fields ?? {})) {
          fieldMessages++;
          const problem = messageProblem(message);
          if (problem) problems.add(`${method} ${path} ${field} (${kind}) : ${problem} « ${message} »`);
        }
      }
      // A path that takes any text (an address's id: anything else is simply not hers) has nothing out of range.
      const bounded =
        body ||
        inQuery.length > 0 ||
        inPath.some(({ schema }) => JSON.stringify(schema) !== '{"type":"string"}');
      if (bounded && !validated) unchecked.push(`${method} ${path}`);
    }
    expect(fieldMessages).toBeGreaterThan(300);
    // Every operation with an input reached its validators too (none stopped earlier, where no field was checked).
    expect({ problems: [...problems], unchecked }).toEqual({ problems: [], unchecked: [] });
  }, 120_000);
});
