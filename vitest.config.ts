import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "functions/**/*.test.ts", "tests/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**", "dist/**"],
    globalSetup: ["tests/setup/dynamodb.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
