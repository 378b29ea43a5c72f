import type { WithdrawnLine } from "../../domain/withdrawals/withdrawal";
import type { WithdrawalRecord, WithdrawalView } from "../../domain/withdrawals/withdrawal-schemas";

/** Who withdraws: a signed-in customer from her order, or anyone with the order's number and e-mail. */
export type Who =
  | { kind: "account"; orderId: string }
  | { kind: "guest"; order_number: string; email: string };

/** The steps of /retractation (WithdrawalPage): find the order, choose the lines, confirm, the acknowledgement. */
export type Step =
  | { name: "loading" }
  | { name: "identify" }
  | { name: "choose"; who: Who; view: WithdrawalView }
  | { name: "confirm"; who: Who; view: WithdrawalView; lines: WithdrawnLine[]; whole: boolean }
  | { name: "done"; withdrawal: WithdrawalRecord; email: string | null };
