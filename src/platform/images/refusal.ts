// Why an image is not accepted, with the status it answers: 415 not an image we take, 413 more than its
// header declares (a decompression bomb), 400 anything else. Callers word the detail for their route.
import { HttpError } from '../http/errors.js';

export class ImageRefused extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    /** Ends a sentence that starts "The image …", e.g. "has damaged image data". */
    readonly reason: string,
  ) {
    super(`The image ${reason}`);
  }
}

export const refuse = (reason: string, status: 400 | 413 | 415 = 400) => new ImageRefused(status, reason);

const TITLES = { 400: 'Bad Request', 413: 'Payload Too Large', 415: 'Unsupported Media Type' } as const;

/** The refusal as a problem+json error, its detail naming the image, e.g. "The logo has damaged image data". */
export const asHttpError = (refusal: ImageRefused, subject: string) =>
  new HttpError(refusal.status, TITLES[refusal.status], `${subject} ${refusal.reason}`);
