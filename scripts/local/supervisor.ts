/**
 * `npm start` owns every process it starts and stops them all, in reverse order, whatever ends it: Ctrl-C (SIGINT),
 * a supervisor's SIGTERM, a closed terminal (SIGHUP), its own crash, or the end of its parent (npm killed: npm does
 * not always pass the signal on, so the parent is watched). A second signal while stopping ends at once; the
 * database then still stops by itself, since it watches this process (LoopbackDynamoDBLocal.java).
 */
type Stop = () => Promise<void> | void;

export interface Supervisor {
  /** Registers what to stop; the last registered stops first. */
  onStop(stop: Stop): void;
  /** Stops everything once, then exits with `code`. */
  shutdown(code: number): Promise<never>;
  readonly stopping: boolean;
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
const PARENT_POLL_MS = 500;

export function superviseProcess(): Supervisor {
  const stops: Stop[] = [];
  let stopping: Promise<never> | undefined;

  const shutdown = (code: number): Promise<never> => {
    stopping ??= (async () => {
      for (const stop of stops.reverse()) {
        try {
          await stop();
        } catch (error) {
          console.error(`Arrêt incomplet : ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      process.exit(code);
    })();
    return stopping;
  };

  for (const signal of SIGNALS) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      console.log("\nArrêt de la boutique…");
      void shutdown(0);
    });
  }
  const crash = (error: unknown) => {
    console.error(
      `Erreur inattendue : ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    void shutdown(1);
  };
  process.on("uncaughtException", crash);
  process.on("unhandledRejection", crash);

  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutdown(0);
  }, PARENT_POLL_MS).unref();

  return {
    onStop: (stop) => stops.push(stop),
    shutdown,
    get stopping() {
      return stopping !== undefined;
    },
  };
}
