import type { SQSEvent } from "aws-lambda";
import { publishRequested } from "../../publishing/jobs/publish-site";
import { depsFromEnv } from "../deps-from-env";

/** Subscriber of the publishing queue (infra/publish.ts). */
export const handler = (event: SQSEvent) => publishRequested(depsFromEnv(), event);
