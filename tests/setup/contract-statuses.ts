import { apiOperations } from "../../functions/main/contracts";
import { commonResponses } from "../../functions/platform/openapi";

/**
 * While the integration tests run, every answer of a contracted route must be one of the statuses its contract
 * documents (with the answers every operation may give, openapi.ts' commonResponses): an answer the document does not
 * list is a client's surprise. createTestContext observes the app's answers with this and fails the test file, after
 * its tests, with the list of undocumented answers.
 */
const statuses = new Map(
  apiOperations.map((operation) => [
    `${operation.method.toUpperCase()} ${operation.path.replace(/\{(\w+)\}/g, ":$1")}`,
    new Set(Object.keys({ ...commonResponses(operation), ...operation.responses }).map(Number)),
  ]),
);

export function contractStatuses() {
  const undocumented = new Set<string>();
  return {
    undocumented,
    answered(method: string, routePath: string, status: number) {
      // Hono lists a module's root route as "/api/withdrawals/" when mounted: the contract says /api/withdrawals.
      const route = `${method} ${routePath.length > 1 ? routePath.replace(/\/$/, "") : routePath}`;
      const documented = statuses.get(route);
      if (!documented) undocumented.add(`${route}: a route without a contract`);
      else if (!documented.has(status))
        undocumented.add(`${route} answered ${status}, not in its contract (${[...documented].join(", ")})`);
    },
  };
}
