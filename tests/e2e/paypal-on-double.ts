import { putPaypalSetting } from "../../functions/payments/paypal-secret";
import type { DataDeps } from "../../functions/platform/deps";
import { getSetting, putSetting } from "../../functions/settings/service";
import { startPaypalDouble } from "../doubles/paypal";
import type { Page } from "./fixtures";

/**
 * PayPal as these journeys meet it: the shop set up on the local PayPal REST double, PayPal's browser script answered
 * by the stand-in (each request for it noted in `sdkRequests`), the buyer's approval in PayPal's window given on the
 * double. `restore` puts the shop's PayPal setting back and stops the double.
 */
export async function paypalOnDouble(page: Page, deps: DataDeps) {
  const double = await startPaypalDouble();
  const original = await getSetting(deps, "payment_paypal");
  const restore = async () => {
    await putSetting(deps, "payment_paypal", original);
    await double.close();
  };
  const sdkRequests: string[] = [];
  try {
    // A stand-in for PayPal's browser script: buttons that run the checkout's callbacks like PayPal's window.
    await page.route("https://www.paypal.com/sdk/js*", async (route) => {
      sdkRequests.push(route.request().url());
      await route.fulfill({ contentType: "application/javascript", body: PAYPAL_STAND_IN });
    });
    // The buyer approves in PayPal's window: the stand-in asks the test to approve on the double.
    await page.route("**/__e2e__/paypal-approve*", async (route) => {
      const id = new URL(route.request().url()).searchParams.get("id") ?? "";
      double.approve(id);
      await route.fulfill({ json: { approved: id } });
    });
    await putPaypalSetting(deps, {
      base_url: double.url,
      client_id: double.clientId,
      client_secret: double.clientSecret,
      webhook_id: double.webhookId,
    });
  } catch (error) {
    await restore();
    throw error;
  }
  return { double, sdkRequests, restore };
}

/**
 * Defines window.paypal.Buttons like PayPal's script (what @paypal/react-paypal-js's PayPalButtons calls): one button stands for PayPal's window approved, another for
 * the window opened then closed, a third for PayPal's script failing with its own English error.
 */
const PAYPAL_STAND_IN = `
window.paypal = {
  Buttons(options) {
    return {
      isEligible: () => true,
      close: async () => {},
      render: async (container) => {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = "PayPal (simulation)";
        button.addEventListener("click", async () => {
          try {
            let go = true;
            if (options.onClick) await options.onClick({}, { resolve: () => {}, reject: () => { go = false; } });
            if (!go) return;
            const id = await options.createOrder();
            await fetch("/__e2e__/paypal-approve?id=" + encodeURIComponent(id));
            await options.onApprove({ orderID: id });
          } catch (error) {
            if (options.onError) options.onError(error);
          }
        });
        container.append(button);
        // The buyer opens PayPal's window, then closes it without paying: PayPal calls onCancel.
        const close = document.createElement("button");
        close.type = "button";
        close.textContent = "Fermer la fenêtre PayPal";
        close.addEventListener("click", async () => {
          try {
            let go = true;
            if (options.onClick) await options.onClick({}, { resolve: () => {}, reject: () => { go = false; } });
            if (!go) return;
            const id = await options.createOrder();
            if (options.onCancel) options.onCancel({ orderID: id });
          } catch (error) {
            if (options.onError) options.onError(error);
          }
        });
        container.append(close);
        // PayPal's script fails on its own (its errors are English): PayPal calls onError.
        const broken = document.createElement("button");
        broken.type = "button";
        broken.textContent = "Erreur du script PayPal";
        broken.addEventListener("click", () => {
          if (options.onError) options.onError(new Error("Detected popup close"));
        });
        container.append(broken);
        // PayPal's actions answer with promises (@paypal/react-paypal-js waits on them).
        if (options.onInit) options.onInit({}, { enable: async () => {}, disable: async () => {} });
      },
    };
  },
};
`;
