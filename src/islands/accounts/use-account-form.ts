import { useState } from "react";
import { errorMessage, fieldErrors } from "../../lib/api-client";
import { handleUnauthenticated } from "../../stores/session";

/**
 * One form of the signed-in customer's profile (their details, their password, deleting the account): `run` sends
 * it, busy meanwhile; a failure shows the server's French message (else `fallback`) with its per-field messages,
 * and a 401 signs the customer out (the session store) and shows nothing else. `clear` forgets the last messages.
 */
export function useAccountForm() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});

  function clear() {
    setError(null);
    setFields({});
  }

  async function run(action: () => Promise<void>, fallback: string): Promise<void> {
    setBusy(true);
    clear();
    try {
      await action();
    } catch (failure) {
      if (handleUnauthenticated(failure)) return;
      setFields(fieldErrors(failure));
      setError(errorMessage(failure, fallback));
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, fields, setError, setFields, clear, run };
}
