/**
 * The publishing pipeline as the API sees it (issue 13): told that the prebuilt pages are stale, it rebuilds and
 * replaces them in the background. Locally a debounced Astro build in the `npm start` process
 * (scripts/local/site-publisher.ts); on AWS a message to the publishing queue (infra/publish.ts).
 */
export interface SitePublisher {
  /** Something the pages print changed: publish soon. Never throws; several requests in a row make one publish. */
  request(reason: string): void;
  /**
   * Resolves once the requests made so far have been handed over (never rejects). A Lambda awaits it before it
   * returns: the runtime freezes the process as soon as the handler's promise settles, a send still in flight with it.
   */
  flush?(): Promise<void>;
}
