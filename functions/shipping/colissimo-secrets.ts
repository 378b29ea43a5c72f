import { DomainError } from "../../src/domain/errors";
import {
  type ColissimoSetting,
  colissimoSecretSchema,
  colissimoSettingSchema,
} from "../../src/domain/settings/colissimo-setting";
import { isSealed, SecretUnreadableError } from "../platform/adapters/secret-box";
import { COLISSIMO_PASSWORD_CONTEXT, LAPOSTE_API_KEY_CONTEXT } from "../platform/adapters/secret-contexts";
import type { DataDeps } from "../platform/deps";
import { clearProblem, recordProblem } from "../platform/owner-problems";
import { getSetting, putSetting } from "../settings/service";

/** Sealed as the PayPal secret is; no answer carries them. */
const CONTEXTS = { password: COLISSIMO_PASSWORD_CONTEXT, api_key: LAPOSTE_API_KEY_CONTEXT } as const;
type SecretField = keyof typeof CONTEXTS;
type SecretDeps = Pick<DataDeps, "secrets" | "db" | "clock">;

const UNREADABLE: Record<SecretField, string> = {
  password: "le mot de passe Colissimo enregistré ne peut pas être lu",
  api_key: "la clé d'API La Poste enregistrée ne peut pas être lue",
};

async function seal(deps: SecretDeps, field: SecretField, plaintext: string): Promise<string> {
  if (!plaintext) return "";
  if (!deps.secrets) throw new Error("This process has no secret box: it cannot seal the Colissimo secrets");
  return deps.secrets.seal(plaintext, CONTEXTS[field]);
}

/**
 * When it cannot be opened, the owner's to-do list says so, and the 409's French words are for the owner: a caller
 * answering a shopper says something else.
 */
export async function openColissimoSecret(
  deps: SecretDeps,
  field: SecretField,
  stored: string,
): Promise<string> {
  if (!stored) return "";
  const refused = async (detail: string) => {
    await recordProblem(deps, {
      kind: "colissimo_secret_unreadable",
      subject: field,
      at: deps.clock().toISOString(),
      source: "shop",
      detail,
    }).catch((error: unknown) =>
      console.error("The unreadable Colissimo secret could not be recorded", error),
    );
    return new DomainError(
      "COLISSIMO_NOT_CONFIGURED",
      `Colissimo n'est pas configuré correctement : ${UNREADABLE[field]}. Enregistrez-le à nouveau dans Paramètres.`,
    );
  };
  if (!deps.secrets) {
    console.error("This function has no secret box (SECRETS_KMS_KEY): it cannot open the Colissimo secrets.");
    throw await refused("No secret box in this function (SECRETS_KMS_KEY)");
  }
  try {
    return await deps.secrets.open(stored, CONTEXTS[field]);
  } catch (error) {
    if (!(error instanceof SecretUnreadableError)) throw error;
    console.error(`The stored Colissimo ${field} does not open here.`, error.message);
    throw await refused(error.message);
  }
}

export function maskedColissimoSetting(setting: ColissimoSetting, mask: string): ColissimoSetting {
  return { ...setting, password: setting.password ? mask : "", api_key: setting.api_key ? mask : "" };
}

/** The mask sent back (or no value) keeps the stored secret; an empty value removes it. */
export async function saveColissimoSetting(deps: DataDeps, raw: unknown, mask: string): Promise<void> {
  const input = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const current = await getSetting(deps, "shipping_colissimo");
  const secrets = {} as Record<SecretField, string>;
  const typedAgain: SecretField[] = [];
  for (const field of Object.keys(CONTEXTS) as SecretField[]) {
    const typed = input[field];
    if (typed === undefined || typed === mask) {
      secrets[field] = current[field];
      continue;
    }
    const plaintext = colissimoSecretSchema.parse(typed);
    // A value shaped like a sealed one would be stored as sealed and never open.
    if (isSealed(plaintext))
      throw new DomainError("VALIDATION", undefined, {
        fields: { [field]: "Valeur invalide : recopiez-la de votre espace Colissimo." },
      });
    secrets[field] = await seal(deps, field, plaintext);
    typedAgain.push(field);
  }
  const parsed = colissimoSettingSchema.parse({ ...current, ...input, password: "", api_key: "" });
  await putSetting(deps, "shipping_colissimo", { ...parsed, ...secrets });
  // A secret typed again replaces the one that did not open: off the owner's to-do list.
  const at = deps.clock().toISOString();
  for (const field of typedAgain) await clearProblem(deps, "colissimo_secret_unreadable", field, at);
}

export async function putColissimoSetting(deps: DataDeps, value: ColissimoSetting): Promise<void> {
  await saveColissimoSetting(deps, value, "\u0000");
}
