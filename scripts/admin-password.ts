/**
 * `npm run admin:password`: the owner's way back in when the password printed at the first start is lost.
 * Sets a new password (ADMIN_PASSWORD, or a generated one printed once) on the admin account ADMIN_EMAIL
 * (admin@savon-alep.local by default) and ends its sessions; creates the account when that e-mail has none.
 * Which table, and why the shop must be stopped first: scripts/local/owner-command.ts. On AWS:
 *   ADMIN_EMAIL=owner@example.fr npx sst shell --stage production -- npm run admin:password -- --aws
 */

import { recoverAdminAccess } from "../functions/main/seed";
import { systemClock } from "../functions/platform/adapters/clock";
import { runOwnerCommand } from "./local/owner-command";

runOwnerCommand(async (db, config) => {
  const access = await recoverAdminAccess(
    { db, clock: systemClock },
    { adminEmail: config.adminEmail, adminPassword: config.adminPassword },
  );
  console.log(
    access.created
      ? `Compte administrateur ${access.adminEmail} créé.`
      : `Nouveau mot de passe pour ${access.adminEmail} ; ses sessions ouvertes sont fermées.`,
  );
  console.log(
    access.generatedPassword
      ? `Mot de passe (affiché une seule fois) : ${access.adminPassword}`
      : "Mot de passe : celui de ADMIN_PASSWORD",
  );
});
