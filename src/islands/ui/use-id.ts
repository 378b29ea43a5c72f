/**
 * The islands' element ids (labels, descriptions, headings a region is named by), unique in the document.
 * Preact's useId is the same on the server and at hydration, so server-rendered islands keep it. But Preact numbers
 * ids per render root, and preact/compat renders a portal's content under a new root on each of its renders
 * (compat/src/portals.js): two fields that mount in an admin dialog at different times can get the same id. Found with
 * the product form's benefits: « Bienfait 2 » and « Bienfait 3 » were both `P0-0`, so the label of one named the
 * other. A dialog's content is never server-rendered, so under `ClientOnlyIds` the ids come from a counter instead.
 */
import {
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useState,
  useId as useTreeId,
} from "preact/compat";

const ClientOnly = createContext(false);
let minted = 0;

/** Marks a subtree that only ever renders in the browser (a dialog opened by the user). */
export function ClientOnlyIds({ children }: { children: ReactNode }) {
  return createElement(ClientOnly.Provider, { value: true }, children);
}

export function useId(): string {
  const fromTree = useTreeId();
  const clientOnly = useContext(ClientOnly);
  const [id] = useState(() => (clientOnly ? `id-${++minted}` : fromTree));
  return id;
}
