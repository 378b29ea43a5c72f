import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { ApiError, errorMessage, fieldErrors } from "../../../lib/api-client";
import { handleUnauthenticated } from "../../../stores/session";
import type { Page } from "./admin-api";

/**
 * What the panel does when a call says the admin is no longer one: 401 signs out (session store), 403 shows
 * 'Accès Refusé'. Answers true when the failure was handled that way, so the caller shows nothing else.
 */
export const AccessLostContext = createContext<() => void>(() => {});

export function useAccessGuard(): (error: unknown) => boolean {
  const lost = useContext(AccessLostContext);
  return useCallback(
    (error: unknown) => {
      if (handleUnauthenticated(error)) return true;
      if (error instanceof ApiError && error.status === 403) {
        lost();
        return true;
      }
      return false;
    },
    [lost],
  );
}

export type LoadState<T> =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; data: T };

/**
 * Loads once on mount and again on reload(); `update` edits the loaded data in place after a save; `refresh` reads
 * again keeping what is on screen until the answer comes (no « Chargement »), after an action elsewhere on the tab.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<LoadState<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const guard = useAccessGuard();
  const loader = useRef(load);
  loader.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt loads again
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    loader
      .current(controller.signal)
      .then((data) => setState({ status: "ready", data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted || guard(error)) return;
        setState({ status: "error", message: errorMessage(error, "Network error") });
      });
    return () => controller.abort();
  }, [attempt, guard]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setState((current) =>
        current.status === "ready" ? { status: "ready", data: change(current.data) } : current,
      ),
    [],
  );
  const refresh = useCallback(async () => {
    try {
      const data = await loader.current(new AbortController().signal);
      setState({ status: "ready", data });
    } catch (error) {
      if (!guard(error)) setState({ status: "error", message: errorMessage(error, "Network error") });
    }
  }, [guard]);
  return { state, reload, update, refresh };
}

/** A list read page by page (users, orders): the first page on mount, the next ones on loadMore(). */
export function usePaged<T>(loadPage: (cursor: string | null, signal?: AbortSignal) => Promise<Page<T>>) {
  const first = useLoad((signal) => loadPage(null, signal));
  const [more, setMore] = useState<{ items: T[]; cursor: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const guard = useAccessGuard();

  const firstPage = first.state.status === "ready" ? first.state.data : null;

  const items = firstPage ? [...firstPage.items, ...(more?.items ?? [])] : [];
  const cursor = more ? more.cursor : (firstPage?.next_cursor ?? null);

  async function loadMore() {
    if (!cursor || loadingMore) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await loadPage(cursor);
      setMore((current) => ({ items: [...(current?.items ?? []), ...page.items], cursor: page.next_cursor }));
    } catch (error) {
      if (!guard(error)) setMoreError(errorMessage(error, "Network error"));
    } finally {
      setLoadingMore(false);
    }
  }

  function replace(match: (item: T) => boolean, next: T) {
    first.update((page) => ({ ...page, items: page.items.map((item) => (match(item) ? next : item)) }));
    setMore((current) =>
      current ? { ...current, items: current.items.map((item) => (match(item) ? next : item)) } : current,
    );
  }

  return {
    state: first.state,
    reload() {
      setMore(null);
      setMoreError(null);
      first.reload();
    },
    items,
    hasMore: Boolean(cursor),
    loadMore,
    loadingMore,
    moreError,
    replace,
  };
}

export type FieldErrors = Readonly<Record<string, string>>;

/**
 * One form's save (lots, stock, promos, settings, orders, products): a second submit while one runs is ignored; a
 * lost access is handled by the guard and shows nothing else; any other failure shows the server's French message
 * and its per-field messages, then `onFailure` adds what only that form knows about the failure (a product's stock
 * changed meanwhile). `run` answers whether the action went through.
 */
export function useSave() {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const guard = useAccessGuard();

  const clear = useCallback(() => {
    setError(null);
    setFields({});
  }, []);

  async function run(action: () => Promise<void>, onFailure?: (failure: unknown) => void): Promise<boolean> {
    setSaving(true);
    clear();
    try {
      await action();
      return true;
    } catch (failure) {
      if (guard(failure)) return false;
      setFields(fieldErrors(failure));
      setError(errorMessage(failure, "Une erreur est survenue"));
      onFailure?.(failure);
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { saving, error, fields, setError, setFields, clear, run };
}

/**
 * An action on one item of a list that asks first (deleting a product, a promo code): `ask` opens the question on
 * the item, `confirm` runs the action as a save does (busy meanwhile, the French failure shown in the dialog, a lost
 * access handled by the guard) and closes the question once it went through.
 */
export function useConfirmed<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const { saving: busy, error, clear, run } = useSave();
  return {
    target,
    busy,
    error,
    ask(item: T) {
      clear();
      setTarget(item);
    },
    cancel() {
      setTarget(null);
    },
    async confirm(action: (item: T) => Promise<void>) {
      if (!target) return;
      if (await run(() => action(target))) setTarget(null);
    },
  };
}
