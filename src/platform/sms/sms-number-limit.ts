// At most SMS_PER_NUMBER_PER_HOUR messages to one number per hour, whatever sends them (messages to
// employees, verification codes, log-in codes), so no company and no stranger can flood a number.
// Kept in memory per process, as the other per-subject limits (subject-limiter.ts).
import type { Config } from '../../config.js';
import { SubjectLimiter } from '../http/subject-limiter.js';

export interface SmsNumberLimit {
  /** Counts one message to each number, or none (429 with Retry-After) when any of them has none left. */
  take(numbers: string[]): void;
}

export function smsNumberLimit(config: Config): SmsNumberLimit {
  const message = `At most ${config.smsPerNumberPerHour} SMS per hour go to one number`;
  const limiter = new SubjectLimiter(config.smsPerNumberPerHour, 3600_000, 100_000, message);
  return {
    take(numbers) {
      // No await in between: the check and the counting cannot interleave with another request.
      for (const number of numbers) limiter.assertRoom(number);
      for (const number of numbers) limiter.hit(number);
    },
  };
}
