/**
 * The PayPal secret at rest (issue 27, docs/decisions/031): sealed in the table, opened only to call PayPal, never in
 * an API answer, and a secret stored in clear by an older shop sealed on the next start or Paramètres read.
 * On DynamoDB Local, with the PayPal double checking the credentials it receives.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFullApp } from "../../functions/main/full-app";
import { seedIfEmpty } from "../../functions/main/seed";
import { paypalClient } from "../../functions/payments/paypal-client";
import {
  migratePlainPaypalSecret,
  openPaypalSecret,
  PAYPAL_SECRET_CONTEXT,
  putPaypalSetting,
} from "../../functions/payments/paypal-secret";
import { localSecretBox } from "../../functions/platform/adapters/local-secret-box";
import { clearPaypalTokens } from "../../functions/platform/adapters/paypal/http";
import type { SecretBox } from "../../functions/platform/adapters/secret-box";
import type { Deps } from "../../functions/platform/deps";
import { settingEntity } from "../../functions/settings/entity";
import { putSetting } from "../../functions/settings/service";
import { SECRET_MASK } from "../../src/domain/admin/admin";
import { type PaypalDouble, startPaypalDouble } from "../doubles/paypal";
import { createTestContext } from "../setup/test-db";
import { apiCaller, createCustomer } from "../support/customers";

const ctx = await createTestContext();
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const customer = await createCustomer(ctx.deps, ctx.app);
let paypal: PaypalDouble;

beforeAll(async () => {
  paypal = await startPaypalDouble();
});
afterAll(async () => {
  await paypal.close();
  clearPaypalTokens();
});
beforeEach(() => clearPaypalTokens());

const credentials = () => ({
  base_url: paypal.url,
  client_id: paypal.clientId,
  client_secret: paypal.clientSecret,
  webhook_id: paypal.webhookId,
});

/** The payment_paypal row as stored. */
async function storedRow() {
  const { data } = await settingEntity(ctx.db).get({ key: "payment_paypal" }).go();
  return data as { value: Record<string, string>; updated_at: string };
}

/** A row as a shop older than issue 27 wrote it: the secret in clear (written around putSetting, which refuses it). */
async function writeLegacyRow() {
  await settingEntity(ctx.db)
    .put({ key: "payment_paypal", value: credentials(), updated_at: "2026-01-01T00:00:00.000Z" })
    .go();
}

/** PayPal's token call, which the double answers only for the right client id and secret. */
const tokenWith = async (deps: Deps) => (await paypalClient(deps)).accessToken();

/** Deps whose box refuses one of its two operations, as KMS refuses what a function's grant does not allow. */
function onlyAllowed(use: "seal" | "open"): Deps {
  const box = ctx.deps.secrets as SecretBox;
  const refused = async () => {
    throw Object.assign(new Error("not allowed by the key's grants"), { name: "AccessDeniedException" });
  };
  return {
    ...ctx.deps,
    secrets: {
      scheme: box.scheme,
      seal: use === "seal" ? box.seal : refused,
      open: use === "open" ? box.open : refused,
    },
  };
}

describe("the owner's PayPal secret", () => {
  it("is stored sealed when she saves it in Paramètres, and PayPal receives it in clear", async () => {
    const saved = await admin.call("PUT", "/api/admin/settings/payment_paypal", { value: credentials() });
    expect(saved.status).toBe(200);
    expect(
      ((await saved.json()) as { setting_value: { client_secret: string } }).setting_value.client_secret,
    ).toBe(SECRET_MASK);
    const stored = (await storedRow()).value.client_secret ?? "";
    expect(stored).toMatch(/^enc:local:v1:[A-Za-z0-9+/]+=*$/);
    expect(stored).not.toContain(paypal.clientSecret);
    await expect(ctx.deps.secrets?.open(stored, PAYPAL_SECRET_CONTEXT)).resolves.toBe(paypal.clientSecret);
    // The double checks the Basic credentials: the token comes only with the secret in clear.
    await expect(tokenWith(ctx.deps)).resolves.toEqual(expect.any(String));
  });

  it("is in no API answer, in clear or sealed, whoever asks", async () => {
    await putPaypalSetting(ctx.deps, credentials());
    const sealed = (await storedRow()).value.client_secret ?? "";
    const core = sealed.slice("enc:local:v1:".length, "enc:local:v1:".length + 24);
    const anonymous = (method: string, path: string) => ctx.app.request(path, { method });
    const seen = new Set<string>();
    const routes = ctx.app.routes
      .filter(({ method }) => method === "GET")
      .map(({ path }) => path.replace(":key", "payment_paypal").replace(/:\w+/g, "1"))
      .filter((path) => !seen.has(path) && seen.add(path));
    expect(routes).toEqual(expect.arrayContaining(["/api/admin/settings", "/api/settings/checkout"]));
    for (const path of routes) {
      for (const [who, call] of [
        ["admin", admin.call],
        ["customer", customer.call],
        ["anonymous", anonymous],
      ] as const) {
        const text = await (await call("GET", path)).text();
        expect(text, `${who} GET ${path}`).not.toContain(paypal.clientSecret);
        expect(text, `${who} GET ${path}`).not.toContain(core);
      }
    }
    const answer = await (
      await admin.call("PUT", "/api/admin/settings/payment_paypal", { value: { client_id: paypal.clientId } })
    ).text();
    expect(answer).not.toContain(paypal.clientSecret);
    expect(answer).not.toContain(core);
  });

  it("needs only Encrypt where the owner saves it, and only Decrypt where PayPal is called", async () => {
    const adminOnly = apiCaller(
      createFullApp(() => onlyAllowed("seal")),
      admin.token,
    );
    const put = (value: object) => adminOnly("PUT", "/api/admin/settings/payment_paypal", { value });
    expect((await put(credentials())).status).toBe(200);
    expect(
      (await put({ ...credentials(), client_secret: SECRET_MASK, client_id: paypal.clientId })).status,
    ).toBe(200);
    expect((await adminOnly("GET", "/api/admin/settings")).status).toBe(200);
    await expect(tokenWith(onlyAllowed("open"))).resolves.toEqual(expect.any(String));
    await expect(tokenWith(onlyAllowed("seal"))).rejects.toMatchObject({ name: "AccessDeniedException" });
  });

  it("keeps the sealed secret when the mask comes back, and refuses a secret shaped like a sealed one", async () => {
    await putPaypalSetting(ctx.deps, credentials());
    const before = (await storedRow()).value.client_secret;
    await admin.call("PUT", "/api/admin/settings/payment_paypal", {
      value: { ...credentials(), client_secret: SECRET_MASK, webhook_id: "WH-2" },
    });
    const after = (await storedRow()).value;
    expect(after.client_secret).toBe(before);
    expect(after.webhook_id).toBe("WH-2");
    const refused = await admin.call("PUT", "/api/admin/settings/payment_paypal", {
      value: { ...credentials(), client_secret: before },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      fields: { client_secret: "Client Secret invalide : copiez celui du tableau de bord PayPal." },
    });
    expect((await storedRow()).value.client_secret).toBe(before);
  });

  it("answers 503 in French, saying what to do, when the stored secret does not open here", async () => {
    const otherKey = localSecretBox(`${ctx.mailDir}/other.key`);
    await putSetting(ctx.deps, "payment_paypal", {
      ...credentials(),
      client_secret: await otherKey.seal(paypal.clientSecret, PAYPAL_SECRET_CONTEXT),
    });
    await expect(tokenWith(ctx.deps)).rejects.toMatchObject({
      status: 503,
      message:
        "PayPal n'est pas configuré correctement : le Client Secret enregistré ne peut pas être lu. " +
        "Enregistrez-le à nouveau dans Paramètres.",
    });
    await expect(tokenWith({ ...ctx.deps, secrets: undefined })).rejects.toMatchObject({ status: 503 });
  });

  it("never reaches the table in clear through putSetting", async () => {
    await expect(putSetting(ctx.deps, "payment_paypal", credentials())).rejects.toThrow(/sealed/);
    await expect(
      seedIfEmpty(
        { ...ctx.deps, secrets: undefined },
        {
          adminEmail: "owner@example.fr",
          settings: { payment_paypal: credentials() },
        },
      ),
    ).rejects.toThrow(
      "Le Client Secret PayPal ne peut pas être semé ici : saisissez-le dans Paramètres, où il est chiffré.",
    );
  });
});

describe("a secret stored in clear by a shop older than issue 27", () => {
  it("still pays until it is sealed, then is sealed once, by the start (migratePlainPaypalSecret)", async () => {
    await writeLegacyRow();
    await expect(tokenWith(ctx.deps)).resolves.toEqual(expect.any(String));
    expect(await migratePlainPaypalSecret(ctx.deps)).toBe(true);
    const row = await storedRow();
    expect(row.value).toMatchObject({ client_id: paypal.clientId, webhook_id: paypal.webhookId });
    expect(row.value.client_secret).toMatch(/^enc:local:v1:/);
    expect(await openPaypalSecret(ctx.deps, row.value.client_secret ?? "")).toBe(paypal.clientSecret);
    clearPaypalTokens();
    await expect(tokenWith(ctx.deps)).resolves.toEqual(expect.any(String));
    expect(await migratePlainPaypalSecret(ctx.deps)).toBe(false);
    expect((await storedRow()).value.client_secret).toBe(row.value.client_secret);
  });

  it("is sealed when the owner opens Paramètres (on AWS only the admin function may seal)", async () => {
    await writeLegacyRow();
    const answer = await admin.call("GET", "/api/admin/settings");
    expect(await answer.text()).not.toContain(paypal.clientSecret);
    expect((await storedRow()).value.client_secret).toMatch(/^enc:local:v1:/);
  });

  it("is sealed when she saves PayPal's card without typing the secret again", async () => {
    await writeLegacyRow();
    await admin.call("PUT", "/api/admin/settings/payment_paypal", {
      value: { ...credentials(), client_secret: SECRET_MASK },
    });
    const stored = (await storedRow()).value.client_secret ?? "";
    expect(await openPaypalSecret(ctx.deps, stored)).toBe(paypal.clientSecret);
  });

  it("leaves the owner's save made meanwhile as she saved it", async () => {
    await writeLegacyRow();
    const box = ctx.deps.secrets as SecretBox;
    // She saves a new secret while the start is sealing the old one.
    const racing: Deps = {
      ...ctx.deps,
      secrets: {
        ...box,
        seal: async (plaintext, context) => {
          await putPaypalSetting(ctx.deps, { ...credentials(), client_secret: "nouveau-secret" });
          return box.seal(plaintext, context);
        },
      },
    };
    expect(await migratePlainPaypalSecret(racing)).toBe(false);
    expect(await openPaypalSecret(ctx.deps, (await storedRow()).value.client_secret ?? "")).toBe(
      "nouveau-secret",
    );
  });
});
