import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { DomainError } from "../../../src/domain/errors";
import { Busy, limitConcurrency } from "./concurrency";

/** scrypt at an OWASP-listed parameter set; the parameters are stored in the hash so they can be raised later. */
const PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
const KEY_LENGTH = 32;

/** libuv has 4 threads and the site's file reads need some: past 30 waiting, 503 instead of starving every page. */
const hashing = limitConcurrency(2, 30);

async function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  try {
    return await hashing(() => scryptKey(password, salt, options));
  } catch (error) {
    if (error instanceof Busy) throw new DomainError("UNAVAILABLE");
    throw error;
  }
}

function scryptKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 256 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join(
    "$",
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
