import { expect, test } from "./fixtures";
import { customerWithTransferOrder, expectAxeClean, ownerContext } from "./support";

/**
 * The owner's to-do list at the top of Statistiques (issue 19) in Chromium: a transfer awaited is marked received
 * with the keyboard in one action, the list follows (the order moves to the orders to ship), the order's link opens
 * it in the Commandes tab, and axe finds nothing.
 */
test.use({ serviceWorkers: "block" });

test("the to-do list: a transfer marked received in one action moves to the orders to ship", async ({
  page,
  browser,
}) => {
  const order = await customerWithTransferOrder(page.request, "Maëlle Roux");

  const owner = await ownerContext(browser);
  const admin = await owner.newPage();
  await admin.goto("/admin");
  const todo = admin.getByRole("region", { name: /À faire aujourd'hui/ });
  await expect(todo).toBeVisible();
  // At the top of the default tab, above everything else it shows.
  const tabPanel = admin.getByRole("tabpanel", { name: "Statistiques" });
  await expect(tabPanel.getByRole("heading", { level: 3 }).first()).toHaveText(/À faire aujourd'hui/);

  const transfers = todo.getByRole("region", { name: "Virements attendus" });
  const link = transfers.getByRole("link", { name: `Commande n° ${order.order_number}` });
  await expect(link).toBeVisible();
  const orderLink = admin.getByRole("link", { name: `Commande n° ${order.order_number}` });
  await expect(transfers.getByRole("listitem").filter({ has: orderLink })).toContainText(
    "Commandée aujourd'hui",
  );

  await admin.waitForLoadState("networkidle");
  await expectAxeClean(admin, "[data-todo]");

  // Keyboard only: from the order's link, Tab reaches its « Virement reçu », Enter records the payment.
  await link.focus();
  await admin.keyboard.press("Tab");
  const received = transfers.getByRole("button", {
    name: `Virement reçu : commande n° ${order.order_number}`,
  });
  await expect(received).toBeFocused();
  await admin.keyboard.press("Enter");
  await expect(todo.getByRole("status")).toHaveText(
    `Virement de la commande n° ${order.order_number} enregistré : la facture est émise.`,
  );
  await expect(todo.getByRole("link", { name: `Commande n° ${order.order_number}` })).toHaveCount(1);
  await expect(received).toHaveCount(0);
  const toShip = todo.getByRole("region", { name: "Commandes à expédier" });
  const shipLink = toShip.getByRole("link", { name: `Commande n° ${order.order_number}` });
  await expect(shipLink).toBeVisible();
  await expect(toShip.getByRole("listitem").filter({ has: orderLink })).toContainText("Dans les temps");
  // The focus is not lost with the button: it is on the list's heading.
  await expect(todo.getByRole("heading", { name: /À faire aujourd'hui/ })).toBeFocused();

  // The server agrees: the payment is recorded and the invoice issued.
  const paid = (await (await owner.request.get(`/api/admin/orders?q=${order.order_number}`)).json()) as {
    orders: { id: string; payment_status: string; status: string }[];
  };
  expect(paid.orders.find((item) => item.id === order.id)).toMatchObject({
    payment_status: "completed",
    status: "confirmed",
  });

  // Its link opens the Commandes tab on that order, opened.
  await shipLink.press("Enter");
  await expect(admin.getByRole("tab", { name: "Commandes" })).toHaveAttribute("aria-selected", "true");
  await expect(admin.getByRole("searchbox", { name: "Rechercher" })).toHaveValue(order.order_number);
  const card = admin.getByRole("button", { name: new RegExp(`Commande #${order.order_number}`) });
  await expect(card).toHaveAttribute("aria-expanded", "true");
  await owner.close();
});
