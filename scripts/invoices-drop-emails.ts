/**
 * `npm run invoices:drop-emails`: once, on an older shop. Invoices and credit notes issued then stored the
 * customer's e-mail, which is no mention of CGI art. 242 nonies A (decision record 032); this rewrites each stored
 * document without it, nothing else changed. The shop already never shows it (every read drops it); this removes it
 * from the table too. Run again, it rewrites nothing. Which table, and why the shop must be stopped first:
 * scripts/local/owner-command.ts. On AWS:
 *   npx sst shell --stage production -- npm run invoices:drop-emails -- --aws
 */

import { dropEmailsFromStoredDocuments } from "../functions/orders/invoice-emails";
import { systemClock } from "../functions/platform/adapters/clock";
import { runOwnerCommand } from "./local/owner-command";

runOwnerCommand(async (db) => {
  const { documents, rewritten } = await dropEmailsFromStoredDocuments({ db, clock: systemClock });
  console.log(
    `${documents} facture(s) et avoir(s) lus ; ${rewritten} réécrit(s) sans l'adresse e-mail du client.`,
  );
});
