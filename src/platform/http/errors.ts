// Typed errors thrown by services; one handler turns them into RFC 9457 problem+json.
export interface FieldError {
  path: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

export const BadRequest = (detail: string, errors?: FieldError[]) => new HttpError(400, 'Bad Request', detail, errors);
export const Unauthorized = (detail = 'Missing, invalid or expired credentials') =>
  new HttpError(401, 'Unauthorized', detail);
export const Forbidden = (detail = 'The credentials do not permit this operation') =>
  new HttpError(403, 'Forbidden', detail);
export const NotFound = (what: string, id?: string | number) =>
  new HttpError(404, 'Not Found', id === undefined ? `${what} not found` : `${what} ${id} not found`);
export const Conflict = (detail: string) => new HttpError(409, 'Conflict', detail);
export const Unprocessable = (detail: string) => new HttpError(422, 'Unprocessable Content', detail);
export const TooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpError(429, 'Too Many Requests', detail, undefined, { 'retry-after': String(retryAfterSeconds) });

export function fieldError(path: string, message: string): HttpError {
  return BadRequest(`${path}: ${message}`, [{ path, message }]);
}
