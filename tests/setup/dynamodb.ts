import { createServer } from "node:net";
import type { TestProject } from "vitest/node";
import { type DynamoLocal, startDynamoLocal } from "../../scripts/local/dynamodb-local";

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

let dynamo: DynamoLocal | undefined;

/** One in-memory DynamoDB Local for the whole run; each test file makes its own table in it. */
export async function setup(project: TestProject): Promise<void> {
  dynamo = await startDynamoLocal({ port: await freePort(), dataDir: null });
  project.provide("dynamoEndpoint", dynamo.endpoint);
}

export async function teardown(): Promise<void> {
  await dynamo?.stop();
}
