/**
 * Cold starts grow with the code a Lambda loads. Each API handler is bundled as SST 4 bundles it (esbuild, ESM,
 * minified, names kept, for Node 24, with the externals of infra/lambda-bundle.ts: the AWS SDK v3 is left out
 * because the Lambda runtime provides it) and must stay under its size budget, and its cold import (a fresh Node 24
 * process importing the bundle, the SDK resolved from node_modules; median of 5) under its time budget (issue 18):
 * 150 ms, or on a slower machine 3 times the cold import, measured in the same test, of the floor every data
 * function pays (the runtime SDK's DynamoDB document client and nothing else).
 * ElectroDB and everything else is bundled. Raise a budget only with the reason in the commit message.
 */
import type { Metafile } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAreas } from "../../functions/main/areas";
import {
  type BuiltBundle,
  buildFloorBundle,
  buildLambdaBundle,
  bundleDir,
  coldImports,
  median,
} from "./lambda-bundle";

const KiB = 1024;
/**
 * Issue 18: what a cold start may spend importing a handler's bundle (modules evaluated, nothing called): 150 ms on
 * the machine of decision record 023, where the SDK's DynamoDB client alone took ~40 ms and the functions 95-110 ms.
 * The same code imports two to three times slower on a slower or busier machine (issue 27's CI machine: the floor
 * 125-130 ms, the functions 205-320 ms, the code of 4cafe81 too), so the budget is also relative to that floor,
 * measured alternately with the function in the same test, like Lighthouse against a minimal page (decision record
 * 021): 3 floors, which still fails a function that imports a second SDK client or the PDF renderer at start.
 */
const coldImportBudgetMs = 150;
const coldImportFloors = 3;
/**
 * Minified bytes allowed per handler bundle; an area listed in `budgets` gets its own. Every bundle carries a
 * fixed ~335 KiB (ElectroDB 194 with jsonschema 30, zod 105, Hono 34): the budget leaves ~100 KiB of own code.
 * Issue 18 moved the OpenAPI lists out of the route modules: catalog 416.7, accounts 427.5, accounting 405.6,
 * lots 408.6, photos 415.9 KiB.
 */
const defaultBudget = 440 * KiB;
const budgets: Partial<Record<string, number>> = {
  // The public catalogue. Verified reviews (decision record 053): the published reviews the pages read, « Signaler »,
  // and the author's review of her delivered order (the order read apart from the orders' service, the guest link,
  // the session), ~18 KiB of the shop's own code: 421.7 -> 442.3 KiB.
  catalog: 446 * KiB,
  // Sign-up, sign-in and password resets. Issue 27: every function's DynamoDB limits and busy answers (decision record
  // 029), the mail suppression list every mailer reads (030), the edge key check (031); issue 28: the sign-in locks
  // per (account, address), their epoch and the lock mail (033): 439.4 -> 445.6 KiB. Issue 29: each route is bound
  // to its contract (443.9 -> 451.3 KiB), then built without the contracts' documentation (src/domain/api-docs.d.ts:
  // tags, summaries, answers and answer schemas) and with only its own modules' mounts: 438.8 KiB.
  // Issue 32 (decision record 049): « Créer mon compte » after a guest order and the attachment of her past guest
  // orders by a mailed link (routes, mail, the link's entity), the table's three new entities (a guest order's links, the attach and « Mes données » links), the order mails' guest links: 455.0 KiB.
  // Erasure of every item still holding the e-mail (rate counters, links, Idempotency-Keys, promo, unpaid-hold and
  // confirmation counters), attached orders' links kept and answering « connectez-vous », the shop's French field
  // messages and visitor text made inert in mails: 460.0 KiB.
  // Verified reviews (decision record 053): the invitation's one-click opt-out (its route and entities), and the
  // account's erasure deleting her reviews and her opt-out: 460.2 -> 466.2 KiB.
  accounts: 470 * KiB,
  // The owner's area carries the order lifecycle's writers: returns and refunds (with PayPal's refund API), stock
  // movements, promo archiving and publishing, the withdrawal panel, the setup checklist and the orders tab's
  // filters and search. Issue 18 took its OpenAPI list to the docs function: 481.9 -> 470.7 KiB. Issue 19: the
  // owner's to-do list and the restocks' stock alert and waitlist mails: 482.9 KiB. Issue 27: sealing the PayPal
  // secret, the owner's problems and the mail suppressions she lifts (030, 031), the DynamoDB limits (029); issue 28:
  // the sign-in locks, the withdrawal's refund deadline rule: 497.2 KiB. Issue 28, item 3: PayPal's failures said in
  // French per situation, PayPal's details kept for the log (paypal-failures.ts, the adapter): 501.0 KiB. Issue 29:
  // the routes bound to their contracts carry the answers' schemas (orders, customers, setup) and words: 519.4 KiB;
  // built without the contracts' documentation and the feature list: 508.6 KiB. Over 505 by the shop's own code
  // (the packages weigh what they did before issue 29): 141.6 -> 150.3 KiB, the lifecycle's commands the owner's
  // writers now go through (returns and refunds with their declared effects: orders/return-effects.ts 2.0 KiB,
  // orders/lifecycle.ts 2.7) and the operations' methods, paths and inputs, which route() needs. Issue 31: the
  // « Colissimo » card, whose contract password and La Poste API key the admin function seals as it seals PayPal's
  // secret (shipping/colissimo-secrets.ts, the setting's schema): 508.6 -> 513.2 KiB. Issue 31's pick-up points: the
  // order's point in its entity and answer, the shipping card's two prices, and the card's save publishing the site
  // (the FAQ and the CGV say whether a point is offered): 518.4 KiB.
  // Issue 32: the owner's « Envoyer un nouveau lien de suivi » (links revoked, the new one mailed), the table's three new entities (a guest order's links, the attach and « Mes données » links), the order mails' guest links:
  // 524.3 KiB. The owner's operations declared in their own features' admin contracts, the mails in their
  // features: the same code in more modules, 529.9 -> 530.05 KiB.
  // Verified reviews: the to-do counts the reviews waiting (the reviews' entity and a count read), the review
  // invitation's setting and the JSON check's one-click opt-out path: 528.0 -> 531.5 KiB.
  // Price reductions (decision record 054): the product form's save refused while a reduction holds the price, the
  // owner's product list read with the price in force, their errors' French words: 531.5 -> 535.1 KiB.
  admin: 538 * KiB,
  // The owner's « Avis » (decision record 053): the reviews to moderate, publish, refuse with its mail, answer, on
  // the version read: 428.1 -> 440.1 KiB.
  // The owner's « Réductions » (decision record 054): the national periods, the reference price over the history,
  // the refusals, scheduling, cancelling and stopping on the version read: 440.1 -> 461.0 KiB.
  lots: 464 * KiB,
  // Orders, promo checks and the withdrawal function (issue 15): a withdrawal before shipping is the lifecycle's
  // cancellation with its credit note and, for PayPal, the refund through PayPal's API. Issue 18: 465.1 KiB.
  // Issue 19 (decision record 026): the waitlist's routes, the low-stock watch of orders and the background
  // handlers of the stock alert and waitlist mails (every function's in-process mail fallback carries them):
  // 477.3 KiB. Issue 27 (decision record 031): opening the sealed PayPal secret for the withdrawal's refund (the KMS
  // box, its client left to the runtime's SDK), then refusing requests without the edge key: 480.5 KiB; the DynamoDB
  // limits and the mail suppression list (029, 030), issue 28's Idempotency-Key fingerprint (033): 485.5 KiB.
  // Issue 29: the routes bound to their contracts (orders, promo, withdrawals, waitlist), words included: 495.5 KiB;
  // built without the contracts' documentation and the feature list: 490.6 KiB. Over 490 by the shop's own code
  // (the packages weigh what they did before issue 29): 129.8 -> 133.1 KiB, placing an order as one read round and
  // one pure decision (src/domain/orders/plan-order/, 3.3 KiB).
  // Issue 31: the order's label key and La Poste's tracking events in its entity and its answer: 494.7 KiB; the
  // pick-up point an order may name (its rules in planOrder, the point read in the order's round, pickup-point.ts's
  // mobile check and words, whether it is offered: colissimo-rules.ts) and the e-mails' point block: 499.4 KiB.
  // Issue 32: the guest's bank-transfer order and her order read with its link (routes, link look-up, the address
  // typed checked by the address book's schema), the promo's daily uses counted per e-mail, the table's three new entities (a guest order's links, the attach and « Mes données » links), the order mails' guest links: 506.1 KiB.
  // What a guest's unpaid orders may hold (counted in the order's transaction, given back by the lifecycle, the
  // counter's entity) and her promo uses counted with her delivery address: 508.7 -> 511.6 KiB.
  // The price in force charged (decision record 054: the product's reductions read in the order's round, the line's
  // reduction recorded) and the promo check pricing the cart's lines the same way, leaving the « Soldes » a code does
  // not combine with (the owner's choice, a new refusal): 513.8 -> 515.5 KiB.
  orders: 517 * KiB,
  // PayPal's order creation places the order (with the batches' first-expiring allocation and the shop's setup
  // checks). Issue 18 took its OpenAPI list to the docs function: 460.1 -> 454.4 KiB. Issue 19: the low-stock watch
  // of PayPal orders and the stock mails' handlers in the in-process mail fallback: 465.0 KiB. Issue 27 (decision
  // record 031): opening the sealed PayPal secret (the KMS box, its client left to the runtime's SDK) and refusing
  // requests without the edge key: 470.4 KiB; the DynamoDB limits and the mail suppression list (029, 030), issue
  // 28's Idempotency-Key fingerprint (033): 475.4 KiB. Issue 29: the routes bound to their contract, which carries
  // the order's answer schema for the document: 487.6 KiB; then placing an order as one read round, the pure planOrder
  // (its refusals, lots and stats delta as data) and the session proven in that round: 491.8 KiB; built without the
  // contracts' documentation (the order's answer schema and the zod kinds only it used: 4.7 KiB) and the feature list:
  // 480.8 KiB. Over 480 by the shop's own code: 123.9 -> 127.3 KiB, plan-order/ (3.3 KiB).
  // Issue 31: the order's label key and La Poste's tracking events in its entity and its answer: 485.1 KiB; the
  // pick-up point an order may name (as for orders above) and PayPal told the point's address: 491.1 KiB.
  // Issue 32: PayPal for a guest (create with her details, capture and release with her link), the table's three new entities (a guest order's links, the attach and « Mes données » links), the order mails' guest links:
  // 499.9 KiB.
  // What a guest's unpaid orders may hold, counted when PayPal's order is created and given back when it is captured
  // or released, and her promo uses counted with her delivery address: 502.7 -> 505.5 KiB.
  // Price reductions (decision record 054): orders priced at the price in force, promo codes not combined with
  // « Soldes », the order lines' reduction read back: 507.0 -> 510.5 KiB.
  payments: 513 * KiB,
  // The PDF renderer (pdf-lib and its standard fonts, ~360 KiB) lives only here: invoices and credit notes, and the
  // customer's data export (issue 15, GDPR), which zips them with fflate. Issue 18 evaluates them only when a PDF or
  // a zip is made (dynamic imports, kept in the one file by esbuild with lazy wrappers): 862.4 -> 865.0 KiB.
  // Issue 19: the waitlist requests in the data export, the stock mails' handlers: 872.5 KiB.
  // The transfer instructions and the QR code's markup in the shared mail templates (mails.ts): 875.4 KiB.
  // Issue 27: the DynamoDB limits, the mail suppression list and refusals in the data export (029, 030); issue 28: the
  // PDF text filter for any stored text, invoices read without the e-mail (032): 882.9 KiB. Issue 29: the routes
  // bound to their contracts (the order's answer schema, the words): 889.9 KiB; built without the contracts'
  // documentation and the feature list: 879.0 KiB.
  // Issue 32: a guest's invoices by her link, and her « Mes données » export and erasure by a mailed link (the
  // customer's export and erasure shared with it, the link's mail handed to the account mail queue): 901.3 KiB.
  // The erasure of the traces left under the e-mail (rate counters, mailed links, Idempotency-Keys, promo day
  // counters), a guest link answering « connectez-vous » once its order is in an account, and the shop's own French
  // field messages: 905.1 KiB. A guest's unpaid holds' counters (deleted with her other traces at erasure, given back
  // when a withdrawal cancels an unpaid order), visitor text kept from being a link in the shared mail templates
  // (decision record 051) and the guest confirmations' counters erased with the e-mail.
  // Verified reviews (decision record 053): the person's reviews and her refusal of invitations in the export and
  // erased with her data (the review and opt-out entities, the site marked stale): 906.4 -> 912.3 KiB.
  documents: 915 * KiB,
  // Colissimo labels (issue 31): the carrier's client, the label claim and the lifecycle's ship move with its mail,
  // and pdf-lib (with its standard fonts, pako and upng: ~430 KiB) to merge a day's labels into one PDF to print,
  // kept out of the admin function (at its budget) as the PDF renderer is kept in the documents one: 895.3 KiB;
  // pdf-lib evaluated only when a day's labels are merged (a dynamic import, esbuild's lazy wrapper): 910.8 KiB.
  // The checkout's pick-up point search (decision record 048): La Poste's contract with its error table
  // (laposte-pickup.ts), the route and its rate limit, the points kept for orders: 923.7 KiB; 927.3 KiB later.
  // A label Colissimo sold kept whatever fails after the sale (its PDF on its item, or a receipt beside
  // it, with the owner's French 503), parcel numbers checked, every carrier text cleaned and bounded: 931.6 KiB.
  // The owner's « Actualiser le suivi » (La Poste's tracking read and recorded as the job does, with the lifecycle's
  // deliver move and the estimated delivery rules), and the owner's problem recorded when a Colissimo secret does not
  // open: 944.9 KiB.
  shipping: 950 * KiB,
  // The OpenAPI document: since issue 18 the documentation alone (since issue 29 the contracts, schemas and words, no
  // services, no SDK, no ElectroDB): 1025.3 -> 197.8 KiB; issue 29's feature list and 400 answers: 207.8 KiB;
  // every contract's documentation written behind API_DOCS_OMITTED, defined undefined here: 207.0 KiB. Issue 31: the
  // pick-up point search's operation and the order's point: 211.2 KiB.
  // Issue 32: the guest operations (orders, PayPal, documents, « Créer mon compte », « Mes données »), the owner's new
  // link, and the order's is_guest: 223.4 KiB.
  // Issue 47: the reviews' operations, the author's and the owner's: 234.0 KiB.
  // Issue 48: the owner's four reductions operations and the product's announced reduction: 241.1 KiB.
  docs: 244 * KiB,
};

let outdir = "";
let removeOutdir: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ dir: outdir, remove: removeOutdir } = await bundleDir());
});
afterAll(async () => {
  await removeOutdir?.();
});

/** Bytes each package (or the project's own code) puts in the bundle, largest first. */
function sizeByPackage(metafile: Metafile): [string, number][] {
  const sizes = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? "(project code)";
      sizes.set(name, (sizes.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...sizes].sort(([, a], [, b]) => b - a);
}

/** What to say when a bundle is over budget: the heaviest packages, and the known cause of a bloated zod. */
function diagnose(metafile: Metafile): string {
  const lines = sizeByPackage(metafile)
    .slice(0, 8)
    .map(([name, bytes]) => `  ${(bytes / KiB).toFixed(1).padStart(7)} KiB  ${name}`);
  const zodLocales = Object.values(metafile.outputs)
    .flatMap((output) => Object.entries(output.inputs))
    .filter(([path]) => path.includes("zod/v4/locales/"))
    .reduce((sum, [, { bytesInOutput }]) => sum + bytesInOutput, 0);
  if (zodLocales > 50 * KiB) {
    lines.push(
      `  zod's ${(zodLocales / KiB).toFixed(0)} KiB of locales come from \`import { z } from "zod"\`, which esbuild ` +
        'cannot tree-shake; `import * as z from "zod"` lets it drop them.',
    );
  }
  return lines.join("\n");
}

const built = new Map<string, BuiltBundle>();

describe("Lambda bundle sizes", () => {
  it.each(apiAreas.map((area) => area.name))(
    "functions/main/lambda/%s.ts stays under its budget",
    async (name) => {
      const bundle = await buildLambdaBundle(name, outdir);
      expect(bundle.errors).toEqual([]);
      built.set(name, bundle);

      const budget = budgets[name] ?? defaultBudget;
      console.info(
        `Lambda ${name}: ${(bundle.bytes / KiB).toFixed(1)} KiB minified (budget ${budget / KiB} KiB)`,
      );
      expect(
        bundle.bytes,
        `${name}.mjs is ${(bundle.bytes / KiB).toFixed(1)} KiB:\n${diagnose(bundle.metafile)}`,
      ).toBeLessThanOrEqual(budget);
    },
    120_000,
  );
});

// After all the builds, so esbuild does not compete with the imports for the CPU.
describe("Lambda cold imports", () => {
  let floor = "";
  beforeAll(async () => {
    floor = await buildFloorBundle(outdir);
  }, 60_000);

  it.each(apiAreas.map((area) => area.name))(
    "functions/main/lambda/%s.ts imports within its budget (150 ms, or 3 floors on a slower machine; median of 5 fresh processes)",
    async (name) => {
      const bundle = built.get(name) ?? (await buildLambdaBundle(name, outdir));
      // The floor and the function one after the other, so a busy moment weighs on both.
      const times: number[] = [];
      const floors: number[] = [];
      for (let run = 0; run < 5; run++) {
        floors.push(...(await coldImports(floor, 1)));
        times.push(...(await coldImports(bundle.file, 1)));
      }
      const ms = median(times);
      const floorMs = median(floors);
      const samples = times.map((time) => time.toFixed(0)).join(", ");
      console.info(
        `Lambda ${name}: cold import median ${ms.toFixed(0)} ms (${samples}), the floor ${floorMs.toFixed(0)} ms`,
      );
      expect(
        ms,
        `${name}.mjs imports in ${ms.toFixed(0)} ms (${samples}; the floor ${floorMs.toFixed(0)} ms); profile it with ` +
          "`node_modules/.bin/node --cpu-prof --input-type=module -e 'await import(\"<bundle>\")'`",
      ).toBeLessThan(Math.max(coldImportBudgetMs, coldImportFloors * floorMs));
    },
    60_000,
  );
});
