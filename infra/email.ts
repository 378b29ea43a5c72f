import { emailSender } from "./stage";

/**
 * SES's permanent bounces and complaints, which a job records so that the shop stops mailing the address. Not
 * deliveries, opens or clicks: noise, and tracking.
 */
export const mailFeedbackTopic = new sst.aws.SnsTopic("MailFeedback");

/**
 * The SES identity the shop sends from. New SES accounts start in the sandbox: request production access before
 * opening the shop, or only verified recipients get mail.
 */
export const email = new sst.aws.Email("Email", {
  sender: emailSender,
  events: [{ name: "BounceComplaint", types: ["bounce", "complaint"], topic: mailFeedbackTopic.arn }],
});

/** Without this policy SES publishes no event (SES guide, "Set up an Amazon SNS event destination"). */
new aws.sns.TopicPolicy("MailFeedbackPolicy", {
  arn: mailFeedbackTopic.arn,
  policy: {
    Version: "2012-10-17",
    Statement: [
      {
        Effect: "Allow",
        Principal: { Service: "ses.amazonaws.com" },
        Action: "sns:Publish",
        Resource: mailFeedbackTopic.arn,
        Condition: { StringEquals: { "AWS:SourceArn": email.nodes.configurationSet.arn } },
      },
    ],
  },
});

/**
 * Sending only: SST's link grants `ses:*` on the identity (deleting it, its DKIM...). SendEmail is checked on the
 * identity and on its default configuration set.
 */
export const sendMail: sst.aws.FunctionPermissionArgs = {
  actions: ["ses:SendEmail"],
  resources: [email.nodes.identity.arn, email.nodes.configurationSet.arn],
};

/** The From address: the sender itself when it is an address, else the shop's mailbox in the sender domain. */
export const mailFrom: string = emailSender.includes("@") ? emailSender : `boutique@${emailSender}`;
