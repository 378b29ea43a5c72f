import { resolve } from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests in a real Chromium (Debian's, /usr/bin/chromium: Playwright's own download cannot work here)
 * against the whole shop started as `npm start` starts it: its own ports, a fresh data folder with its own
 * database and its own build, and the start's guarantees (a port or a database it did not start is refused; every
 * process it started stops with it).
 */
/** Overridable so two runs on one machine do not collide (E2E_PORT=4410 E2E_DYNAMODB_PORT=8810 npx playwright test). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4399);
export const E2E_DYNAMODB_PORT = Number(process.env.E2E_DYNAMODB_PORT ?? 8799);
/** The Colissimo double the end-to-end shop starts (tests/e2e/shipping-labels.spec.ts reads what it sold). */
export const E2E_LAPOSTE_PORT = Number(process.env.E2E_LAPOSTE_PORT ?? E2E_PORT + 1000);
export const E2E_DATA_DIR = resolve(import.meta.dirname, `.data-e2e-${E2E_PORT}`);
export const E2E_ADMIN = { email: "admin@e2e.test", password: "admin-e2e-password" };
/**
 * The owner's first day (npm run test:e2e:first-day) runs on a shop as a first start leaves it; every other run
 * starts a shop already set up to sell (tests/fixtures/shop-settings.json, through SEED_SETTINGS).
 */
const NEW_SHOP = process.env.E2E_NEW_SHOP === "1";

export default defineConfig({
  testDir: "tests/e2e",
  testIgnore: NEW_SHOP ? [] : ["first-day.spec.ts"],
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Journeys are long (the spec's own delays: 2 s before a transfer order, 3 s before the redirect) and a loaded
  // machine runs them at half speed: budgets with room, so that no test depends on the machine's speed.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    trace: "retain-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `rm -rf "${E2E_DATA_DIR}" && exec node --import tsx scripts/start.ts`,
    url: `http://localhost:${E2E_PORT}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    // SIGTERM, as a supervisor stops the shop: it stops its database and frees its data folder.
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      DYNAMODB_PORT: String(E2E_DYNAMODB_PORT),
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // The suite edits products and settings all the time: the shop keeps the site it built at the start, except
      // in the publishing run (npm run test:e2e:publishing), which proves that edits publish themselves.
      SITE_PUBLISH: process.env.E2E_SITE_PUBLISH === "on" ? "on" : "off",
      // The checkout journeys pay on a PayPal double on 127.0.0.1 (src/domain/payments/paypal-hosts.ts).
      PAYPAL_ALLOW_LOOPBACK: "1",
      // Labels are bought from a Colissimo double the shop starts on this port (scripts/local/laposte-double.ts).
      LAPOSTE_DOUBLE: "1",
      LAPOSTE_DOUBLE_PORT: String(E2E_LAPOSTE_PORT),
      ...(!NEW_SHOP && { SEED_SETTINGS: resolve(import.meta.dirname, "tests/fixtures/shop-settings.json") }),
    },
  },
});
