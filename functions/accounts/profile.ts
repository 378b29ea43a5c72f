import type { z } from "zod";
import type { profileUpdateSchema, SessionUser } from "../../src/domain/accounts/account";
import { normalizePhone } from "../../src/domain/accounts/phone";
import { DomainError } from "../../src/domain/errors";
import type { Deps } from "../platform/deps";
import { getUser, toSessionUser } from "./auth";
import { userEntity } from "./user-entity";

export async function getProfile(deps: Deps, userId: string): Promise<SessionUser> {
  const user = await getUser(deps, userId);
  if (!user) throw new DomainError("UNAUTHENTICATED");
  return toSessionUser(user);
}

/** Updates the full name and the phone (stored +33…; empty clears it). The e-mail is not editable. */
export async function updateProfile(
  deps: Deps,
  userId: string,
  input: z.output<typeof profileUpdateSchema>,
): Promise<SessionUser> {
  const phone = input.phone === "" ? "" : normalizePhone(input.phone);
  if (phone === null) {
    throw new DomainError("VALIDATION", undefined, {
      fields: { phone: "Numéro de téléphone invalide (10 chiffres)." },
    });
  }
  const { data } = await userEntity(deps.db)
    .patch({ id: userId })
    .set({ full_name: input.full_name, phone })
    .go({ response: "all_new" });
  return toSessionUser(data as Parameters<typeof toSessionUser>[0]);
}
