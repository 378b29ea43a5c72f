import { type AccountMailDeps, sendPasswordReset, sendSigninLockNotice } from "../accounts/auth";
import { sendQueuedOrderConfirmation } from "../orders/confirmation-mail";
import { transferQrImage } from "../payments/transfer-mails";
import { sendGuestDataLink } from "../personal-data/guest/service";
import type { AccountMailRequest } from "../platform/adapters/account-mail-queue";
import { handleStockMail } from "../waitlist/stock-mail-handler";

/** The API functions' own fallback knows password resets only, so the confirmation's mail code stays out of them. */
export async function handleAccountMail(deps: AccountMailDeps, request: AccountMailRequest): Promise<void> {
  switch (request.kind) {
    case "password-reset":
      return sendPasswordReset(deps, request.email);
    case "signin-locked":
      return sendSigninLockNotice(deps, request.email);
    case "guest-data-link":
      return sendGuestDataLink(deps, request.email);
    case "order-confirmation":
      return sendQueuedOrderConfirmation(deps, request.order_id, transferQrImage);
    default:
      return handleStockMail(deps, request);
  }
}
