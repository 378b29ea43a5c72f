/**
 * What the server changed in the visitor's cart or order since she last saw it (a price, a quantity capped to the
 * stock, a product gone), said politely before she goes on; nothing when nothing changed.
 */
export function ChangeNotes({
  title,
  messages,
  className = "",
}: {
  title: string;
  messages: readonly string[];
  className?: string;
}) {
  if (messages.length === 0) return null;
  return (
    <div
      role="status"
      className={`rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 ${className}`}
    >
      <p className="font-semibold">{title}</p>
      <ul className="mt-1 list-disc pl-5">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
