import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "functions/**/*.test.ts", "tests/**/*.test.ts"],
    // The Lambda budgets time cold imports: they run alone, after the rest (vitest.budgets.config.ts).
    exclude: ["tests/e2e/**", "tests/budgets/**", "node_modules/**", "dist/**"],
    globalSetup: ["tests/setup/dynamodb.ts"],
    // The PayPal double listens on 127.0.0.1: the shop accepts it only when told so (src/domain/payments/paypal-hosts.ts).
    // The same for the Colissimo and La Poste doubles (src/domain/shipping/laposte-hosts.ts).
    env: { PAYPAL_ALLOW_LOOPBACK: "1", LAPOSTE_ALLOW_LOOPBACK: "1" },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
