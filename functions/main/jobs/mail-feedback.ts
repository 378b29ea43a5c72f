import type { SNSEvent } from "aws-lambda";
import { recordMailFeedback } from "../../mail/jobs/mail-feedback";
import { depsFromEnv } from "../deps-from-env";

/** Subscriber of SES's feedback topic (infra/email.ts). */
export const handler = async (event: SNSEvent) => {
  await recordMailFeedback(depsFromEnv(), event);
};
