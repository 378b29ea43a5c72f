/**
 * At most `limit` tasks at once, `queue` waiting, the rest refused. Caps password hashing: scrypt runs on libuv's 4
 * threads, which also read the site's files, so a flood of sign-ins must not take them all.
 */
export class Busy extends Error {
  constructor() {
    super("Too many tasks waiting");
    this.name = "Busy";
  }
}

export function limitConcurrency(limit: number, queue: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) {
      if (waiting.length >= queue) throw new Busy();
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    running++;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
