/** How the store-link checker runs (issue 20 item 5); read from the environment by config.ts. */
export interface StoreLinkCheckOptions {
  /** Time between scheduled passes; 0 switches the schedule off (the default in tests). */
  intervalMs: number;
  /** A link that passed is checked again after this long. */
  recheckAfterMs: number;
  /** A link that failed once is checked again after this long (the second failure marks it broken). */
  retryAfterMs: number;
  /** At most this many links per pass. */
  batchSize: number;
  /** At most this many requests at once, across all hosts. */
  concurrency: number;
  /** The least time between two requests to the same host. */
  hostSpacingMs: number;
  /** For one link (HEAD, GET and redirects together). */
  timeoutMs: number;
  maxRedirects: number;
  /** Exact addresses allowed although not public: empty unless the test-only loopback allowance is on. */
  allowedAddresses: readonly string[];
}

export const DEFAULT_STORE_LINK_CHECK: StoreLinkCheckOptions = {
  intervalMs: 15 * 60_000,
  recheckAfterMs: 24 * 60 * 60_000,
  retryAfterMs: 60 * 60_000,
  batchSize: 200,
  concurrency: 4,
  hostSpacingMs: 2000,
  timeoutMs: 10_000,
  maxRedirects: 5,
  allowedAddresses: [],
};

export const STORE_LINK_USER_AGENT = 'Battledeck-link-check/1.0 (+https://github.com/battledeck; checks that part store links still work)';
