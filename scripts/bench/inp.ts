/**
 * Interaction to Next Paint of the shop's interactions, not part of `npm test` (the CI gate is
 * tests/e2e/interaction-speed.spec.ts): on a phone (Moto G4, CPU slowed 4x), web-vitals' figure, each interaction
 * RUNS times on a fresh page, against a shop already running (`npm start`). The harness's self-check runs first: a
 * 200 ms handler must read >= 200 ms, or the figures below would mean nothing; then a bare page's button, this browser's
 * floor on this machine (the shop's figures are read against it, as Lighthouse's against the minimal page).
 * The promo code is created as the owner: give the shop's ADMIN_EMAIL and ADMIN_PASSWORD (as `npm start` reads them);
 * without them that interaction is left out and said so.
 * Run: npm run bench:inp -- [origin=http://localhost:4321] [runs=5]
 */
import { chromium } from "@playwright/test";
import {
  BARE_PAGE,
  CPU_SLOWDOWN,
  formatMs,
  INP_TARGET_MS,
  type Measured,
  measure,
  PHONE,
  phoneContext,
  prepareInpShopper,
  RUNS,
  SELF_CHECK,
  SELF_CHECK_BUSY_MS,
  shopInteractions,
} from "../../tests/perf/inp";

const origin = process.argv[2] ?? "http://localhost:4321";
const runs = Number(process.argv[3] ?? RUNS);
const owner =
  process.env.ADMIN_EMAIL && process.env.ADMIN_PASSWORD
    ? { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD }
    : null;

const started = Date.now();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
});
const results: Measured[] = [];
const skipped: string[] = [];
try {
  const context = await phoneContext(browser, origin);
  const progress = (name: string) => (value: number | null) =>
    process.stderr.write(`${name}: ${formatMs(value)}\n`);
  const selfCheck = await measure(context, SELF_CHECK, { runs: 1, onRun: progress(SELF_CHECK.name) });
  if ((selfCheck.median ?? 0) < SELF_CHECK_BUSY_MS)
    throw new Error(
      `Self-check failed: a ${SELF_CHECK_BUSY_MS} ms handler measured ${formatMs(selfCheck.median)}; the figures would mean nothing.`,
    );
  results.push(await measure(context, BARE_PAGE, { runs, onRun: progress(BARE_PAGE.name) }));
  const shopper = await prepareInpShopper(context, origin, owner);
  if (!shopper.promoCode)
    process.stderr.write(
      "Promo code left out: set ADMIN_EMAIL and ADMIN_PASSWORD (the shop owner's) to measure it.\n",
    );
  for (const interaction of shopInteractions(shopper)) {
    try {
      results.push(await measure(context, interaction, { runs, onRun: progress(interaction.name) }));
    } catch (error) {
      // A shop not set up for it (no bank details: « Virement bancaire » is closed) cannot run this interaction: the
      // others are still measured, and the table says which one was left out.
      skipped.push(
        `${interaction.name}: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}`,
      );
    }
  }
  await context.close();
} finally {
  await browser.close();
}

const phone = `${PHONE.viewport.width}×${PHONE.viewport.height}, DPR ${PHONE.deviceScaleFactor}`;
console.log(
  `INP (web-vitals) on ${origin}, phone ${phone}, CPU ${CPU_SLOWDOWN}x slower, ${runs} runs each (median):`,
);
console.log("| interaction | runs (ms) | median | max |");
console.log("|---|---|---|---|");
for (const { name, runs: values, median, max } of results)
  console.log(
    `| ${name} | ${values.map((value) => formatMs(value).replace(" ms", "")).join(" ")} | ${formatMs(median)} | ${formatMs(max)} |`,
  );
const shop = results.filter((result) => result.name !== BARE_PAGE.name);
const within = shop.filter((result) => (result.median ?? 0) <= INP_TARGET_MS).length;
console.log(
  `Total: ${shop.length} interactions of the shop × ${runs} runs in ${Math.round((Date.now() - started) / 1000)} s; ${within} of ${shop.length} medians <= ${INP_TARGET_MS} ms (the bare page is this machine's floor).`,
);
for (const reason of skipped) console.log(`Not measured: ${reason}`);
