/** Handed to moveOrder by the owner's order form, so the functions that never ship do not carry the mail templates. */
import { consumerMediator } from "../../src/domain/settings/settings";
import type { Deps } from "../platform/deps";
import { getSetting } from "../settings/service";
import { addGuestLink } from "./guest/links";
import type { MoveHandlers } from "./lifecycle";
import { shippedMail } from "./mails";
import { toOrder } from "./service";

/** A mail that cannot go is logged, the order stays shipped. */
export const sendShippingMail =
  (deps: Deps): NonNullable<MoveHandlers["shippingMail"]> =>
  async (order) => {
    try {
      const company = await getSetting(deps, "company_info");
      await deps.mailer.send(
        shippedMail(toOrder(order), {
          shopName: company.name,
          siteUrl: deps.siteUrl,
          mediator: consumerMediator(company),
          guestToken: await addGuestLink(deps, order),
        }),
      );
    } catch (error) {
      console.error(`Order ${order.id}: the shipping mail could not be sent`, error);
    }
  };
