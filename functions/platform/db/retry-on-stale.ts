/**
 * Optimistic concurrency (docs/decisions/037-stock-after-every-movement.md): the attempt reads, decides and writes
 * conditioned on what it read; it answers STALE when the condition failed and is run again on fresh reads after a
 * jittered pause.
 *
 * STALE_ATTEMPTS = 45: among N writers of one item at once (a product's exact stock), each waits for at most N - 1
 * others. The tests put 50 orders on one product's last units; 45 rounds of at most 250 ms bound a request to about
 * 10 s before it answers 409 « réessayez ».
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
