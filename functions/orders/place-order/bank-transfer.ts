import type {
  BankTransferOrderRequest,
  GuestBankTransferOrderRequest,
  Order,
} from "../../../src/domain/orders/order";
import type { Deps } from "../../platform/deps";
import { mayMailConfirmation } from "../guest/confirmation-limit";
import { toOrder } from "../service";
import { type OrderCaller, type PlaceOrderOptions, placeOrder } from "./place-order";

/** The mail goes after the answer (a failed one is sent again), unless a guest's e-mail had its share. */
export async function placeBankTransferOrder(
  deps: Deps,
  caller: OrderCaller,
  request: BankTransferOrderRequest | GuestBankTransferOrderRequest,
  idempotencyKey: string | undefined,
  guest: Pick<PlaceOrderOptions, "guestLink"> = {},
): Promise<{ order: Order; replayed: boolean; linkSalt?: string; confirmationMailed: boolean | null }> {
  const { order, replayed, linkSalt } = await placeOrder(deps, caller, request, {
    paymentMethod: "bank_transfer",
    idempotencyKey,
    transferSenderName: request.transfer_sender_name,
    ...guest,
  });
  // A replay mails nothing: whether the first request did is not kept (null).
  const confirmationMailed = replayed ? null : await mayMailConfirmation(deps, order);
  if (confirmationMailed)
    deps.accountMail.request({
      kind: "order-confirmation",
      order_id: order.id,
      requested_at: deps.clock().toISOString(),
    });
  return { order: toOrder(order), replayed, linkSalt, confirmationMailed };
}
