import type { TestProject } from "vitest/node";
import { type DynamoLocal, startDynamoLocal } from "../../scripts/local/dynamodb-local";
import { freePort } from "../../scripts/local/ports";

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
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
