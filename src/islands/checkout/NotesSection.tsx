import { useId } from "react";
import { ORDER_NOTES_LIMIT } from "../../domain/checkout/request-bodies";
import { Section } from "./Section";

/** Step 3: the order notes (optional, 500 characters) with their count. */
export function NotesSection({ notes, onNotes }: { notes: string; onNotes: (text: string) => void }) {
  const notesId = useId();
  return (
    <Section title="Notes de commande" step={3}>
      <label htmlFor={notesId} className="mb-1 block text-sm font-semibold text-ink">
        Notes de commande (facultatif)
      </label>
      <textarea
        id={notesId}
        name="order_notes"
        rows={3}
        maxLength={ORDER_NOTES_LIMIT}
        value={notes}
        onChange={(event) => onNotes(event.currentTarget.value)}
        aria-describedby={`${notesId}-count`}
        placeholder="Instructions de livraison, message pour un cadeau..."
        className="block w-full rounded-lg border border-cream-300 bg-white px-3 py-2.5 text-ink shadow-xs placeholder:text-ink-soft/70"
      />
      <p id={`${notesId}-count`} className="mt-1 text-right text-sm text-ink-soft tabular-nums">
        {notes.length}/{ORDER_NOTES_LIMIT} caractères
      </p>
    </Section>
  );
}
