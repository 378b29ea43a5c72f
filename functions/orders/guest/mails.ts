import { DomainError } from "../../../src/domain/errors";
import { consumerMediator } from "../../../src/domain/settings/settings";
import type { Deps } from "../../platform/deps";
import { getSetting } from "../../settings/service";
import { guestLinkMail } from "../mails";
import { toOrder } from "../service";
import { replaceGuestLinks } from "./links";

/** The old links are gone even when the mail cannot go: the answer says so, and asking again sends another. */
export async function sendNewGuestLink(
  deps: Pick<Deps, "db" | "clock" | "mailer" | "siteUrl" | "settingsCacheMs">,
  orderId: string,
): Promise<{ email: string }> {
  const { order, token } = await replaceGuestLinks(deps, orderId);
  const company = await getSetting(deps, "company_info");
  try {
    await deps.mailer.send(
      guestLinkMail(toOrder(order), {
        shopName: company.name,
        siteUrl: deps.siteUrl,
        mediator: consumerMediator(company),
        guestToken: token,
      }),
    );
  } catch (error) {
    console.error(`Order ${order.id}: the new guest link could not be mailed`, error);
    throw new DomainError(
      "UNAVAILABLE",
      "Les anciens liens sont révoqués, mais l'e-mail avec le nouveau lien n'a pas pu partir : réessayez.",
    );
  }
  return { email: order.customer_email };
}
