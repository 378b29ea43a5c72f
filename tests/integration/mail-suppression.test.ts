/**
 * SES's permanent bounces and complaints stop the shop's mail to that address (issue 27), on DynamoDB Local. On AWS,
 * SES publishes the event to the MailFeedback topic (infra/email.ts), whose subscriber (functions/mail/jobs/mail-feedback.ts)
 * records the address; there is no SES here, so the events below are the JSON AWS documents for event publishing
 * ("Contents of event data that Amazon SES publishes to Amazon SNS", Bounce and Complaint examples), in SNS's Lambda
 * event. Then: the skip (a password reset that does not leave), the customer in the admin, the owner lifting it, and
 * the GDPR export and erasure (docs/decisions/017).
 */
import type { SNSEvent } from "aws-lambda";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { maskEmail, recordMailFeedback } from "../../functions/mail/jobs/mail-feedback";
import { mailSuppressionEntity } from "../../functions/mail/suppression-entity";
import { isSuppressed } from "../../functions/mail/suppressions";
import { createTestContext } from "../setup/test-db";
import { createCustomer } from "../support/customers";
import { readMails } from "../support/mail";

const ctx = await createTestContext();
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const quiet = { info: () => {}, error: () => {} };

const mailHeaders = (to: string) => ({
  timestamp: "2026-11-02T09:00:00.000Z",
  source: "Savonnerie d'Alep <boutique@savon-alep.fr>",
  sourceArn: "arn:aws:ses:eu-west-3:123456789012:identity/savon-alep.fr",
  sendingAccountId: "123456789012",
  messageId: "EXAMPLE7c191be45-e9aedb9a-02f9-4d12-a87d-dd0099a07f8a-000000",
  destination: [to],
  headersTruncated: false,
  tags: { "ses:configuration-set": ["savon-shop-production-EmailConfig"] },
});

const bounce = (to: string, bounceType: "Permanent" | "Transient") => ({
  eventType: "Bounce",
  bounce: {
    bounceType,
    bounceSubType: bounceType === "Permanent" ? "General" : "MailboxFull",
    bouncedRecipients: [
      {
        emailAddress: to,
        action: "failed",
        status: bounceType === "Permanent" ? "5.1.1" : "4.2.2",
        diagnosticCode:
          bounceType === "Permanent" ? "smtp; 550 5.1.1 user unknown" : "smtp; 452 4.2.2 mailbox full",
      },
    ],
    timestamp: "2026-11-02T09:00:02.669Z",
    feedbackId: "EXAMPLE4e61e4a8-5c5c-4d5c-a0d8-3a7d4d0a9d21-000000",
    reportingMTA: "dsn; e226-55.smtp-out.eu-west-3.amazonses.com",
  },
  mail: mailHeaders(to),
});

const complaint = (to: string) => ({
  eventType: "Complaint",
  complaint: {
    feedbackId: "EXAMPLE7aa93d8a-7c60-4ab0-80b9-3b3a9a9a8e58-000000",
    complaintSubType: null,
    complainedRecipients: [{ emailAddress: to }],
    timestamp: "2026-11-03T10:30:00.000Z",
    userAgent: "Mozilla/5.0",
    complaintFeedbackType: "abuse",
    arrivalDate: "2026-11-03T10:29:58.000Z",
  },
  mail: mailHeaders(to),
});

function snsEvent(...messages: object[]): SNSEvent {
  return {
    Records: messages.map((message, index) => ({
      EventVersion: "1.0",
      EventSubscriptionArn: "arn:aws:sns:eu-west-3:123456789012:savon-shop-production-MailFeedbackTopic:1",
      EventSource: "aws:sns",
      Sns: {
        SignatureVersion: "1",
        Timestamp: "2026-11-02T09:00:03.000Z",
        Signature: "EXAMPLE",
        SigningCertUrl: "https://sns.eu-west-3.amazonaws.com/SimpleNotificationService-0000.pem",
        MessageId: `message-${index}`,
        Message: JSON.stringify(message),
        MessageAttributes: {},
        Type: "Notification",
        UnsubscribeUrl: "https://sns.eu-west-3.amazonaws.com/?Action=Unsubscribe",
        TopicArn: "arn:aws:sns:eu-west-3:123456789012:savon-shop-production-MailFeedbackTopic",
        Subject: null as unknown as string,
      },
    })),
  };
}

const forgotPassword = (email: string) =>
  ctx.app.request("/api/auth/password/forgot", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
const mailsTo = (to: string) => readMails(ctx.mailDir).filter((mail) => mail.to === to).length;

describe("SES's bounces and complaints", () => {
  it("record a permanent bounce and a complaint, never a transient bounce, whatever the address's case", async () => {
    const bounced = await createCustomer(ctx.deps, ctx.app);
    const full = await createCustomer(ctx.deps, ctx.app);
    const complained = await createCustomer(ctx.deps, ctx.app);
    const recorded = await recordMailFeedback(
      ctx.deps,
      snsEvent(
        bounce(bounced.email.toUpperCase(), "Permanent"),
        bounce(full.email, "Transient"),
        complaint(complained.email),
      ),
      quiet,
    );
    expect(recorded).toBe(2);
    expect(await isSuppressed(ctx.deps, bounced.email)).toBe(true);
    expect(await isSuppressed(ctx.deps, full.email)).toBe(false);
    expect(await isSuppressed(ctx.deps, complained.email)).toBe(true);
    // A later bounce never turns a complaint back into a bounce: the complaint is the recipient's own word.
    await recordMailFeedback(ctx.deps, snsEvent(bounce(complained.email, "Permanent")), quiet);
    const details = await admin.call("GET", `/api/admin/users/${complained.id}`);
    expect(((await details.json()) as { mail_suppression: unknown }).mail_suppression).toEqual({
      reason: "complaint",
      at: "2026-11-03T10:30:00.000Z",
    });
    expect(maskEmail("lina.moreau@example.fr")).toBe("l…@example.fr");
  });

  it("skips a refused address (the mail is not sent, and nothing fails), and the owner can lift it", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    await recordMailFeedback(ctx.deps, snsEvent(bounce(customer.email, "Permanent")), quiet);

    expect((await forgotPassword(customer.email)).status).toBe(200);
    await ctx.deps.accountMail.flush();
    expect(mailsTo(customer.email)).toBe(0);

    const details = (await (await admin.call("GET", `/api/admin/users/${customer.id}`)).json()) as {
      mail_suppression: unknown;
    };
    expect(details.mail_suppression).toEqual({ reason: "bounce", at: "2026-11-02T09:00:02.669Z" });
    // Only the admin may lift it.
    expect((await customer.call("DELETE", `/api/admin/users/${customer.id}/mail-suppression`)).status).toBe(
      403,
    );
    expect((await admin.call("DELETE", `/api/admin/users/${customer.id}/mail-suppression`)).status).toBe(204);
    expect((await admin.call("DELETE", "/api/admin/users/nobody/mail-suppression")).status).toBe(404);

    expect((await forgotPassword(customer.email)).status).toBe(200);
    await ctx.deps.accountMail.flush();
    expect(mailsTo(customer.email)).toBe(1);
    const lifted = (await (await admin.call("GET", `/api/admin/users/${customer.id}`)).json()) as {
      mail_suppression: unknown;
    };
    expect(lifted.mail_suppression).toBeNull();
  });

  it("is in the customer's data export, and goes with her account", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    await recordMailFeedback(ctx.deps, snsEvent(complaint(customer.email)), quiet);
    const response = await customer.call("GET", "/api/user/data-export");
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const data = JSON.parse(new TextDecoder().decode(files["donnees.json"])) as { mail_refused: unknown };
    expect(data.mail_refused).toEqual({ reason: "complaint", at: "2026-11-03T10:30:00.000Z" });

    const erased = await customer.call("POST", "/api/user/account/delete", { password: "secret12" });
    expect(erased.status, await erased.clone().text()).toBe(200);
    expect(await mailSuppressionEntity(ctx.db).get({ email: customer.email }).go()).toEqual({ data: null });
  });

  it("skips nothing that is not an SES event", async () => {
    const event = snsEvent({ hello: "world" });
    (event.Records[0] as { Sns: { Message: string } }).Sns.Message = "not json";
    expect(await recordMailFeedback(ctx.deps, event, quiet)).toBe(0);
    expect(await recordMailFeedback(ctx.deps, snsEvent({ eventType: "Delivery" }), quiet)).toBe(0);
  });
});
