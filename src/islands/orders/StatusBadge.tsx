import { orderStatusLabel, orderStatusTone, type StatusTone } from "../../domain/orders/order-status";
import { StrokeIcon } from "../ui/icons";

/** Colours of each tone: dark text on a pale background, at least 4.5:1. */
const toneClasses: Record<StatusTone, string> = {
  waiting: "border-amber-300 bg-amber-50 text-amber-900",
  info: "border-sky-300 bg-sky-50 text-sky-900",
  progress: "border-indigo-300 bg-indigo-50 text-indigo-900",
  success: "border-green-300 bg-green-50 text-green-900",
  danger: "border-red-300 bg-red-50 text-red-900",
  neutral: "border-stone-300 bg-stone-100 text-stone-800",
};

const iconPaths: Record<StatusTone, string> = {
  // clock
  waiting: "M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z",
  // check in a circle
  info: "M8 12.5l2.7 2.7L16.5 9.5M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z",
  // truck
  progress:
    "M3 6h11v10H3zM14 10h4l3 3v3h-7M7 19.5a1.8 1.8 0 1 0 0-3.6 1.8 1.8 0 0 0 0 3.6ZM17 19.5a1.8 1.8 0 1 0 0-3.6 1.8 1.8 0 0 0 0 3.6Z",
  // parcel with a check
  success: "M4 8l8-4 8 4v8l-8 4-8-4V8ZM4 8l8 4 8-4M12 12v8",
  // cross in a circle
  danger: "M9 9l6 6M15 9l-6 6M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z",
  // question mark
  neutral:
    "M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5v.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z",
};

export function StatusIcon({ status, className = "size-5" }: { status: string; className?: string }) {
  return (
    <StrokeIcon className={className} strokeWidth="1.9">
      <path d={iconPaths[orderStatusTone(status)]} />
    </StrokeIcon>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      data-tone={orderStatusTone(status)}
      className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold ${toneClasses[orderStatusTone(status)]}`}
    >
      <StatusIcon status={status} className="size-4" />
      {orderStatusLabel(status)}
    </span>
  );
}
