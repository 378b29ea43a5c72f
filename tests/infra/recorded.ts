/**
 * Reading a recorded deployment (sst-stubs.ts) in the infra tests: the environments they deploy with, and the one
 * queue, subscription or function a test looks at, each checked to be exactly one.
 */
import { expect } from "vitest";
import { type Deployment, deepKnown, type RecordedResource } from "./sst-stubs";

/** A developer's stage (no domain, SES from a sender address) and production (the shop's domain). */
export const devEnv = { SHOP_DOMAIN: undefined, SHOP_EMAIL_SENDER: "boutique@example.fr" };
export const productionEnv = { SHOP_DOMAIN: "savon.example.fr", SHOP_EMAIL_SENDER: undefined };

export function single<T>(items: readonly T[], what: string): T {
  expect(items, `exactly one ${what}`).toHaveLength(1);
  return items[0] as T;
}

/** The recorded resources of one Pulumi type ("aws:sns/topic:Topic"…), in the order they were declared. */
export const resourcesOf = (deployment: Deployment, type: string): RecordedResource[] =>
  deployment.recording.resources.filter((resource) => resource.type === type);

export const queueNamed = (deployment: Deployment, name: string) =>
  single(
    deployment.recording.queues.filter((queue) => queue.name === name),
    `${name} queue`,
  );

/** The subscription of a queue, with its function's arguments as they were declared. */
export const subscriptionTo = (deployment: Deployment, queue: string) => {
  const subscription = single(
    deployment.recording.subscriptions.filter((recorded) => recorded.queue === queue),
    `${queue} subscription`,
  );
  return { ...subscription, fn: deepKnown(subscription.subscriber) as sst.aws.FunctionArgs };
};

/** A function's rights but those on the table's items and SES's sending (least-privilege.test.ts checks those). */
export const otherRights = (permissions: unknown): sst.aws.FunctionPermissionArgs[] =>
  ((deepKnown(permissions) ?? []) as sst.aws.FunctionPermissionArgs[]).filter(
    ({ actions }) => !actions.every((action) => action.startsWith("dynamodb:") || action === "ses:SendEmail"),
  );
