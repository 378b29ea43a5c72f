import { emailSender } from "./stage";

/**
 * The SES identity the shop sends from (order confirmations, password resets). Linked to the API functions, which
 * get the permission to send and the From address (MAIL_FROM). New SES accounts start in the sandbox: request
 * production access before opening the shop, or only verified recipients get mail.
 */
export const email = new sst.aws.Email("Email", { sender: emailSender });

/** The From address: the sender itself when it is an address, else the shop's mailbox in the sender domain. */
export const mailFrom: string = emailSender.includes("@") ? emailSender : `boutique@${emailSender}`;
