// A fixed-window counter per subject (a user name, a telephone number). @fastify/rate-limit applies
// only one limit per request, and that one is the per-IP limit, so the per-subject one lives here.
import { TooManyRequests } from './errors.js';

export class SubjectLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxSubjects = 100_000,
    /** What the 429 says, before "; retry in N s". */
    private readonly message = 'Too many attempts for this account',
  ) {}

  /** Counts one attempt; throws 429 with Retry-After once the subject is over its limit. */
  hit(subject: string, now = Date.now()): void {
    let window = this.windows.get(subject);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= this.maxSubjects) this.evictExpired(now);
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(subject, window);
    }
    window.count += 1;
    if (window.count > this.max) {
      const retryAfter = Math.ceil((window.resetAt - now) / 1000);
      throw TooManyRequests(`${this.message}; retry in ${retryAfter} s`, retryAfter);
    }
  }

  /**
   * Throws the same 429 when the subject has no attempt left, without counting one: lets a caller
   * check every subject of a batch before it counts (and sends) any.
   */
  assertRoom(subject: string, now = Date.now()): void {
    const window = this.windows.get(subject);
    if (window && window.resetAt > now && window.count >= this.max) {
      const retryAfter = Math.ceil((window.resetAt - now) / 1000);
      throw TooManyRequests(`${this.message}; retry in ${retryAfter} s`, retryAfter);
    }
  }

  private evictExpired(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    if (this.windows.size >= this.maxSubjects) this.windows.clear(); // under a flood, forget rather than grow
  }
}
