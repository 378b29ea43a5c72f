/** Told that the prebuilt pages are stale, rebuilds them in the background (a local build, or a queue on AWS). */
export interface SitePublisher {
  /** Something the pages print changed: publish soon. Never throws; several requests in a row make one publish. */
  request(reason: string): void;
  /** A Lambda awaits it: the runtime freezes the process as soon as the handler settles, a send in flight with it. */
  flush?(): Promise<void>;
}
