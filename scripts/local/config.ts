import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { type SeedSettings, seedOptionsProblem, seedSettingsFrom } from "../../functions/main/seed";
import { StartError } from "./start-error";

/** Everything `npm start` reads from its environment (README, "Environment variables"). */
export interface LocalConfig {
  port: number;
  /** The address the shop listens on: 127.0.0.1 unless HOST opens it to the local network. */
  host: string;
  dataDir: string;
  dynamoPort: number;
  /** A database to use instead of starting DynamoDB Local, on purpose only. */
  dynamoEndpoint: string | undefined;
  tableName: string;
  adminEmail: string;
  adminPassword: string | undefined;
  /** The public origin in links (e-mails, canonical URLs). */
  siteUrl: string;
  /** Where the built site goes: one per data folder, so two shops (or a shop and the tests) never share a build. */
  siteDir: string;
  /** Serve the API and the site already built, without building it again. */
  skipBuild: boolean;
  /** Rebuild and replace the site after the owner's edits (default on; SITE_PUBLISH=off keeps the start's build). */
  publish: boolean;
  /** Settings a new shop starts with (SEED_SETTINGS, a JSON file), instead of the defaults. */
  seedSettings: SeedSettings | undefined;
}

/** SEED_SETTINGS: the owner's settings for a new shop, from a JSON file, checked before anything starts. */
export function seedSettingsFromFile(path: string | undefined, cwd: string): SeedSettings | undefined {
  if (!path) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(resolve(cwd, path), "utf8"));
  } catch (error) {
    throw new StartError(`SEED_SETTINGS : impossible de lire ${path} (${(error as Error).message}).`);
  }
  const result = seedSettingsFrom(raw);
  if ("problem" in result) throw new StartError(`SEED_SETTINGS (${path}) : ${result.problem}`);
  return result.settings;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1"]);

function portFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new StartError(`${name} doit être un numéro de port entre 1 et 65535 ; reçu « ${raw} ».`);
  }
  return port;
}

export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host);
}

/** The origin this machine reaches the shop at, for the build and for the printed address. */
export function localOrigin(config: Pick<LocalConfig, "host" | "port">): string {
  const host =
    isLoopback(config.host) || config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  return `http://${host.includes(":") ? `[${host}]` : host}:${config.port}`;
}

export function localConfigFromEnv(env: NodeJS.ProcessEnv, cwd = process.cwd()): LocalConfig {
  const port = portFrom(env, "PORT", 4321);
  const host = env.HOST?.trim() || "127.0.0.1";
  const dataDir = resolve(cwd, env.DATA_DIR?.trim() || ".data");
  const adminEmail = env.ADMIN_EMAIL?.trim() || "admin@savon-alep.local";
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  const problem = seedOptionsProblem({ adminEmail, adminPassword });
  if (problem) throw new StartError(`${problem}\nCorrigez la variable, puis relancez npm start.`);
  const config = {
    port,
    host,
    dataDir,
    dynamoPort: portFrom(env, "DYNAMODB_PORT", 8765),
    dynamoEndpoint: env.DYNAMODB_ENDPOINT?.trim() || undefined,
    tableName: env.TABLE_NAME?.trim() || "savon-shop",
    adminEmail,
    adminPassword,
    siteDir: resolve(dataDir, "site"),
    skipBuild: env.SKIP_BUILD === "1",
    publish: env.SITE_PUBLISH?.trim() !== "off",
    seedSettings: seedSettingsFromFile(env.SEED_SETTINGS?.trim(), cwd),
  };
  return { ...config, siteUrl: (env.SITE_URL?.trim() || localOrigin(config)).replace(/\/+$/, "") };
}
