import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { errorMessage } from "../../lib/api-client";
import { $session, handleUnauthenticated, startSession } from "../../stores/session";

export type CustomerLoad<T> =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; data: T };

/**
 * What the signed-in customer's pages (/profile, /orders) share: start the session, load the customer's data
 * once they are known (again when the user changes or on retry), treat a 401 as signed out, keep the spec's
 * error text ('Erreur: {message}', 'Network error' when there is none).
 */
export function useCustomerLoad<T>(fetchData: (signal: AbortSignal) => Promise<T>) {
  const session = useStore($session, { ssr: "initial" });
  const [load, setLoad] = useState<CustomerLoad<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const userId = session.user?.id;

  useEffect(() => {
    void startSession();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again for a new user or a new attempt only
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    setLoad({ status: "loading" });
    fetchData(controller.signal)
      .then((data) => setLoad({ status: "ready", data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted || handleUnauthenticated(error)) return;
        setLoad({ status: "error", message: errorMessage(error, "Network error") });
      });
    return () => controller.abort();
  }, [userId, attempt]);

  return {
    session,
    load,
    retry: () => setAttempt((n) => n + 1),
    /** Replaces the loaded data after the page changed it (a saved profile). */
    update: (data: T) => setLoad({ status: "ready", data }),
  };
}
