import { defineConfig } from "vitest/config";

/**
 * The Lambda bundle budgets (tests/budgets): sizes, and cold imports timed in fresh processes (issue 18). They run
 * in a run of their own (`npm run test:budgets`), after the other Vitest files, so the timings are not taken while
 * other test files load the machine's two cores.
 */
export default defineConfig({
  test: {
    include: ["tests/budgets/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
