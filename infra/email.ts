import { emailSender } from "./stage";

/**
 * SES's word on the mails after they left: a permanent bounce or a complaint, published by the identity's
 * configuration set to this topic; infra/alarms.ts subscribes the job that records the address as refused
 * (functions/mail/jobs/mail-feedback.ts), after which the shop stops mailing it. Only these two event types: deliveries,
 * opens and clicks would be noise (and tracking). A bounce event covers transient bounces too (a full mailbox); the
 * job keeps the permanent ones only.
 */
export const mailFeedbackTopic = new sst.aws.SnsTopic("MailFeedback");

/**
 * The SES identity the shop sends from (order confirmations, password resets). Linked to the API functions, which
 * get the permission to send and the From address (MAIL_FROM). New SES accounts start in the sandbox: request
 * production access before opening the shop, or only verified recipients get mail. SST gives the identity a default
 * configuration set, so the events below cover every mail sent from it.
 */
export const email = new sst.aws.Email("Email", {
  sender: emailSender,
  events: [{ name: "BounceComplaint", types: ["bounce", "complaint"], topic: mailFeedbackTopic.arn }],
});

/**
 * SES may publish to the topic, for this configuration set only (AWS, SES developer guide, "Set up an Amazon SNS
 * event destination for event publishing": the topic's policy must let SES publish, else no event arrives).
 */
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
 * Sending only. Not `link`: SST's link grants `ses:*` on the identity and its configuration set (deleting the
 * identity, changing its DKIM or its event destinations included). The mail code calls SES v2's SendEmail
 * (functions/platform/adapters/mail.ts), which IAM checks as `ses:SendEmail` on the sending identity and, since the
 * identity has a default configuration set, on that set.
 */
export const sendMail: sst.aws.FunctionPermissionArgs = {
  actions: ["ses:SendEmail"],
  resources: [email.nodes.identity.arn, email.nodes.configurationSet.arn],
};

/** The From address: the sender itself when it is an address, else the shop's mailbox in the sender domain. */
export const mailFrom: string = emailSender.includes("@") ? emailSender : `boutique@${emailSender}`;
