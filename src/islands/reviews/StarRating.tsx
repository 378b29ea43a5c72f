import { RATING_MAX, RATING_MIN } from "../../domain/reviews/review";
import { starLabel } from "../../domain/reviews/review-panel";

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);
const STAR = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.2 6.6L12 17.4l-5.8 3.2 1.2-6.6-4.9-4.6 6.6-.8z";

/** A star drawn filled or empty: graphics only, the words are the radios' or the text's beside it. */
export function Star({ filled, className = "size-7" }: { filled: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className}>
      <path
        d={STAR}
        strokeWidth="1.6"
        strokeLinejoin="round"
        className={filled ? "fill-crust-600 stroke-crust-800" : "fill-none stroke-crust-800"}
      />
    </svg>
  );
}

/** A rating's stars as read, with its words for screen readers. */
export function StarsShown({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5">
      {RATINGS.map((value) => (
        <Star key={value} filled={value <= rating} className="size-5" />
      ))}
      <span className="sr-only">{starLabel(rating)}</span>
    </span>
  );
}

/**
 * The rating as five native radios drawn as stars: a group with its legend, each labelled « 1 étoile sur 5 »…, the
 * arrow keys moving between them as radios do. `errorId`: the group's message.
 */
export function StarRating({
  name,
  value,
  onValue,
  error,
  errorId,
  disabled,
}: {
  name: string;
  value: number | null;
  onValue: (rating: number) => void;
  error?: string;
  errorId: string;
  disabled?: boolean;
}) {
  return (
    <fieldset aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="mb-1 block text-sm font-semibold text-ink">Note</legend>
      <div className="flex gap-1">
        {RATINGS.map((rating) => (
          <label key={rating} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onValue(rating)}
              aria-invalid={error ? true : undefined}
              className="peer sr-only"
            />
            <span className="block rounded-md p-0.5 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-olive-700">
              <Star filled={value !== null && rating <= value} />
            </span>
            <span className="sr-only">{starLabel(rating)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
