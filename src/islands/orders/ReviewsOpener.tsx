import { lazy, type ReactNode, Suspense, useRef, useState } from "react";
import type { OrderReviewsProps } from "../reviews/OrderReviews";

/** The review panel and its rules, fetched on the first opening: the order pages load without them. */
const OrderReviews = lazy(() => import("../reviews/load-panel").then((module) => module.loadOrderReviews()));

/**
 * « Laisser un avis » on a delivered order, opening the order's review panel just after it (its heading takes the
 * focus); closing it brings the focus back here. `initiallyOpen`: the invitation mail's link asked for it.
 * `children`: words for screen readers naming the order among others.
 */
export function ReviewsOpener({
  initiallyOpen = false,
  children,
  ...panel
}: Omit<OrderReviewsProps, "id" | "onClose"> & { initiallyOpen?: boolean; children?: ReactNode }) {
  const [open, setOpen] = useState(initiallyOpen);
  const button = useRef<HTMLButtonElement>(null);
  const id = `avis-${panel.order.id}`;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="btn btn-secondary px-5"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => (open ? close() : setOpen(true))}
      >
        Laisser un avis{children}
      </button>
      {open && (
        <Suspense fallback={null}>
          <OrderReviews {...panel} id={id} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
