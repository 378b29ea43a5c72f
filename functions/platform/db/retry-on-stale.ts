/**
 * The one way the services decide again when what they decided from changed meanwhile (optimistic concurrency:
 * every multi-item write is conditioned on what was read, decision records 009 and 037). The attempt reads, decides
 * and writes; it answers STALE when its condition failed, and is run again on fresh reads after a pause.
 *
 * The bound, STALE_ATTEMPTS = 45: a write conditioned on an item's exact value (a product's stock since issue 28's
 * « Stock après ») waits, among N writers of that item at once, for at most N - 1 others, each winning one round. The
 * shop's tests put 30 orders and 3 adjustments on one product at once, and 50 orders on its last units; 45 covers
 * them with room, and 45 rounds of at most 250 ms bound a request to about 10 s of pauses before it answers 409
 * « réessayez ». An owner's form or a customer's order that loses 45 rounds in a row meets a flood, not a neighbour.
 * The pause grows and is jittered: writers that all read the same value do not all try again at once.
 */
export const STALE = Symbol("stale");

export const STALE_ATTEMPTS = 45;

/** The pause before attempt `attempt + 1`: random, up to 20 ms per attempt made, at most 250 ms. */
export function stalePauseMs(attempt: number, random: () => number = Math.random): number {
  return random() * Math.min(20 * attempt, 250);
}

/**
 * Runs `attempt` until it answers something other than STALE, at most STALE_ATTEMPTS times; then `exhausted` decides
 * (most throw 409 CONFLICT with their French message; placing an order first looks for a replay).
 */
export async function retryOnStale<T, E = never>(
  attempt: (number: number) => Promise<T | typeof STALE>,
  exhausted: () => E | Promise<E>,
): Promise<T | E> {
  for (let number = 1; number <= STALE_ATTEMPTS; number++) {
    const result = await attempt(number);
    if (result !== STALE) return result;
    if (number < STALE_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, stalePauseMs(number)));
  }
  return exhausted();
}
