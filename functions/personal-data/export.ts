import { DomainError } from "../../src/domain/errors";
import { parseStoredInvoice } from "../../src/domain/orders/invoice";
import { exportFileName, exportReadme } from "../../src/domain/personal-data/personal-data";
import { rateLimits } from "../../src/domain/rate-limit";
import { listAddresses } from "../accounts/addresses";
import { getUser, toSessionUser } from "../accounts/auth";
import { getSuppression } from "../mail/suppressions";
import { storedDocument } from "../orders/invoices";
import { ordersOfUser, toOrder } from "../orders/service";
import { renderInvoicePdf } from "../platform/adapters/pdf";
import type { Deps } from "../platform/deps";
import { admitAttempt } from "../platform/throttle";
import { exportedReviews } from "../reviews/author-data";
import { optedOutAt } from "../reviews/opt-outs";
import { getSetting } from "../settings/service";
import { waitlistRequestsOf } from "../waitlist/service";
import { toWithdrawalRecord, withdrawalsOfOrder } from "../withdrawals/service";

export interface PersonalDataExport {
  fileName: string;
  bytes: Uint8Array;
}

/** GDPR art. 15 and 20. Counted per account: each export renders every document of the account. */
export async function exportPersonalData(deps: Deps, userId: string): Promise<PersonalDataExport> {
  await admitAttempt(deps, [
    { scope: "data-export-user", subject: userId, rule: rateLimits.dataExportsPerUser },
  ]);
  const user = await getUser(deps, userId);
  if (!user) throw new DomainError("UNAUTHENTICATED");
  return exportArchive(deps, {
    userId,
    email: user.email,
    head: async () => ({ account: toSessionUser(user), addresses: await listAddresses(deps, userId) }),
    readme: exportReadme,
  });
}

export interface ExportSubject {
  userId: string;
  email: string;
  head: () => Promise<Record<string, unknown>>;
  readme: (shopName: string, at: Date, documents: readonly string[]) => string;
}

/** Not counted: the caller counts. */
export async function exportArchive(deps: Deps, subject: ExportSubject): Promise<PersonalDataExport> {
  const [head, orders, company, waitlist, suppression, reviews, invitationsRefusedAt] = await Promise.all([
    subject.head(),
    ordersOfUser(deps, subject.userId, { newestFirst: true }),
    getSetting(deps, "company_info"),
    // Waitlist requests are made without an account: those of the e-mail.
    waitlistRequestsOf(deps, subject.email),
    getSuppression(deps, subject.email),
    exportedReviews(deps, subject.userId),
    optedOutAt(deps, subject.email),
  ]);
  const { strToU8, zipSync } = await import("../platform/adapters/zip");
  const files: Record<string, Uint8Array> = {};
  // One document at a time: the PDFs are rendered in turn, never all held as pages at once.
  for (const order of orders) {
    const numbers = [
      order.invoice_number,
      order.credit_note_number,
      ...(order.refunds ?? []).map((refund) => refund.credit_note_number),
    ].filter((number): number is string => Boolean(number));
    for (const number of new Set(numbers)) {
      const data = await storedDocument(deps, number);
      if (!data || data.order_id !== order.id) continue;
      files[`factures/${number}.pdf`] = await renderInvoicePdf(parseStoredInvoice(data.snapshot));
    }
  }
  const at = deps.clock();
  const documents = Object.keys(files);
  const withdrawals = (await Promise.all(orders.map((order) => withdrawalsOfOrder(deps, order.id)))).flatMap(
    (requests) => requests.map(toWithdrawalRecord),
  );

  const data = {
    exported_at: at.toISOString(),
    ...head,
    orders: orders.map(toOrder),
    withdrawals,
    waitlist: waitlist.map((request) => ({
      product_id: request.product_id,
      email: request.email,
      requested_at: request.requested_at,
      confirmed_at: request.confirmed_at ?? null,
      expires_at: request.expires_at,
    })),
    reviews,
    review_invitations_refused_at: invitationsRefusedAt,
    mail_refused: suppression,
    documents,
  };
  files["donnees.json"] = strToU8(`${JSON.stringify(data, null, 2)}\n`);
  files["LISEZMOI.txt"] = strToU8(`${subject.readme(company.name, at, documents)}\n`);
  // PDFs are compressed already; the JSON and the notice are small: store everything as is, quickly.
  return { fileName: exportFileName(at), bytes: zipSync(files, { level: 0 }) };
}
