/**
 * A product's small picture beside its name (a cart line, the checkout's summary, a past order's line): decorative,
 * the name is written next to it, so its alternative text is empty; width and height reserve its place (no shift).
 */
export function ProductThumb({ src, size, className }: { src: string; size: number; className: string }) {
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      className={`shrink-0 rounded-lg bg-cream-100 object-cover ${className}`}
    />
  );
}
