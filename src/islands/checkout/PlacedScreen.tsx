import { lazy, Suspense } from "react";
import type { Success } from "./SuccessScreen";

/** The success screen's code: fetched once an order is on its way (a payment started), not with the page. */
const loadSuccessScreen = () => import("./SuccessScreen");
const SuccessScreen = lazy(() => loadSuccessScreen().then((module) => ({ default: module.SuccessScreen })));
export const preloadSuccessScreen = () => void loadSuccessScreen();

/** The checkout once the order is placed: its success screen, in the page's frame. */
export function PlacedScreen({ success, supportEmail }: { success: Success; supportEmail: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <Suspense fallback={null}>
        <SuccessScreen success={success} supportEmail={supportEmail} />
      </Suspense>
    </div>
  );
}
