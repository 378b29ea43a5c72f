import type { SNSEvent } from "aws-lambda";
import { recordAlarms } from "../../admin/jobs/shop-alarm";
import { depsFromEnv } from "../deps-from-env";

/** Subscriber of the alarm topic (infra/alarms.ts). */
export const handler = async (event: SNSEvent) => {
  await recordAlarms(depsFromEnv(), event);
};
