import type { Clock } from "../adapters/clock";
import type { Db } from "../db/service";

/** What every use case needs, built once per process (Lambda cold start, local server, test file). */
export interface Deps {
  db: Db;
  clock: Clock;
}
