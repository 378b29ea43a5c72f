import { DomainError } from "../../src/domain/errors";
import {
  type PaypalSetting,
  paypalClientSecretSchema,
  settingSchemas,
} from "../../src/domain/settings/settings";
import { isSealed, SecretUnreadableError } from "../platform/adapters/secret-box";
import { PAYPAL_SECRET_CONTEXT } from "../platform/adapters/secret-contexts";
import type { DataDeps } from "../platform/deps";
import { putSetting, replaceSettingIfUnchanged, storedSetting } from "../settings/service";

/**
 * The PayPal client secret is stored sealed (docs/decisions/031-secrets-and-origin.md): only the functions that call
 * PayPal open it, only the admin function seals it, and no API answer carries it.
 */
/** KMS's encryption context (GCM's additional data locally): a ciphertext opens only as this setting's secret. */
export { PAYPAL_SECRET_CONTEXT };

type SecretDeps = Pick<DataDeps, "secrets">;

export async function sealPaypalSecret(deps: SecretDeps, plaintext: string): Promise<string> {
  if (!plaintext) return "";
  if (!deps.secrets) throw new Error("This process has no secret box: it cannot seal the PayPal secret");
  return deps.secrets.seal(plaintext, PAYPAL_SECRET_CONTEXT);
}

const UNREADABLE =
  "PayPal n'est pas configuré correctement : le Client Secret enregistré ne peut pas être lu. " +
  "Enregistrez-le à nouveau dans Paramètres.";

/**
 * A secret stored in clear by an older shop is used as it is until sealed, so payments go on after the upgrade. A
 * sealed value this process cannot open answers 503 in French, saying what to do.
 */
export async function openPaypalSecret(deps: SecretDeps, stored: string): Promise<string> {
  if (!stored) return "";
  if (!isSealed(stored)) {
    console.warn("The PayPal secret is still stored in clear: it is sealed when the owner opens Paramètres.");
    return stored;
  }
  if (!deps.secrets) {
    console.error("This function has no secret box (SECRETS_KMS_KEY): it cannot open the PayPal secret.");
    throw new DomainError("PAYPAL_NOT_CONFIGURED", "PayPal n'est pas configuré correctement.");
  }
  try {
    return await deps.secrets.open(stored, PAYPAL_SECRET_CONTEXT);
  } catch (error) {
    if (!(error instanceof SecretUnreadableError)) throw error;
    console.error("The stored PayPal secret does not open here.", error.message);
    throw new DomainError("PAYPAL_NOT_CONFIGURED", UNREADABLE);
  }
}

/** The one way to store a new secret: putSetting refuses a secret in clear. */
export async function putPaypalSetting(deps: DataDeps, value: PaypalSetting): Promise<void> {
  const secret = paypalClientSecretSchema.parse(value.client_secret);
  // Sealing a sealed value would store a secret that opens to a ciphertext: restore a stored row with putSetting.
  if (isSealed(secret)) throw new Error("putPaypalSetting takes the secret in clear, not a sealed one");
  await putSetting(deps, "payment_paypal", {
    ...settingSchemas.payment_paypal.parse(value),
    client_secret: await sealPaypalSecret(deps, secret),
  });
}

/** The row is rewritten only if it is still the one read (its updated_at), so an owner's save in between wins. */
export async function migratePlainPaypalSecret(deps: DataDeps): Promise<boolean> {
  const data = await storedSetting(deps, "payment_paypal");
  const stored = data?.value as Partial<PaypalSetting> | undefined;
  const secret = typeof stored?.client_secret === "string" ? stored.client_secret : "";
  if (!data || !secret || isSealed(secret) || !deps.secrets) return false;
  const value = { ...stored, client_secret: await sealPaypalSecret(deps, secret) };
  if (!(await replaceSettingIfUnchanged(deps, "payment_paypal", value, data.updated_at))) return false;
  console.info("The PayPal secret stored in clear is now sealed.");
  return true;
}
