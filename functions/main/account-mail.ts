import { type AccountMailDeps, sendPasswordReset, sendSigninLockNotice } from "../accounts/auth";
import { sendQueuedOrderConfirmation } from "../orders/confirmation-mail";
import { transferQrImage } from "../payments/transfer-mails";
import { sendGuestDataLink } from "../personal-data/guest/service";
import type { AccountMailRequest } from "../platform/adapters/account-mail-queue";
import { handleStockMail } from "../waitlist/stock-mail-handler";

/**
 * Runs one handed-over account mail request: the queue's subscriber on AWS (functions/main/jobs/account-mail.ts), the
 * in-process runner of `npm start` and the tests. The API functions' own fallback (functions/main/deps-from-env.ts) knows
 * password resets only, so the order confirmation's mail code stays out of the functions that never confirm orders.
 */
export async function handleAccountMail(deps: AccountMailDeps, request: AccountMailRequest): Promise<void> {
  switch (request.kind) {
    case "password-reset":
      return sendPasswordReset(deps, request.email);
    case "signin-locked":
      return sendSigninLockNotice(deps, request.email);
    case "guest-data-link":
      // A guest's « Mes données » link (issue 32): looked up and mailed after the answer.
      return sendGuestDataLink(deps, request.email);
    case "order-confirmation":
      // With the transfer's EPC QR code (the queued confirmations are the bank-transfer orders').
      return sendQueuedOrderConfirmation(deps, request.order_id, transferQrImage);
    default:
      // Stock alerts and the waitlist (decision record 026).
      return handleStockMail(deps, request);
  }
}
