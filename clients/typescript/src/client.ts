// The hand-written part of the client: authentication (API key or bearer token), calling an
// operation by its id with typed parameters, body and answer, offset pagination over
// X-Total-Count, and problem+json errors thrown as ProblemError. Types come from api-types.ts.
import { OPERATIONS, type Operations } from './api-types.js';

export type OperationId = keyof Operations;

/** One entry of a problem's `errors`: the field (dot path) and what is wrong with it. */
export interface ProblemFieldError {
  path: string;
  message: string;
}

/** An RFC 9457 problem as the API sends it. */
export interface ProblemDetails {
  type?: string;
  title: string;
  status: number;
  detail?: string;
  errors?: ProblemFieldError[];
  [member: string]: unknown;
}

/** Thrown for every answer that is not 2xx. */
export class ProblemError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly errors: ProblemFieldError[];
  readonly type: string | undefined;
  constructor(
    readonly problem: ProblemDetails,
    readonly headers: Headers,
  ) {
    super(`${problem.status} ${problem.title}${problem.detail ? `: ${problem.detail}` : ''}`);
    this.name = 'ProblemError';
    this.status = problem.status;
    this.title = problem.title;
    this.detail = problem.detail;
    this.errors = problem.errors ?? [];
    this.type = problem.type;
  }
}

export interface ClientOptions {
  /** The server's address without /v2, e.g. `https://crewbase.example.com` or `http://localhost:3000`. */
  baseUrl: string;
  /** An API key (sent as `x-API-Key`), for programs that run unattended. */
  apiKey?: string;
  /** A user's access token (sent as `Authorization: Bearer`), or a function that returns a current one. */
  token?: string | (() => string | Promise<string>);
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

type Part<T, Name extends string, Key extends keyof T> = T[Key] extends undefined
  ? { [P in Name]?: undefined }
  : { [P in Name]: T[Key] };

/** What a call takes: `path` parameters (required when the path has any), `query`, `body`, extra `headers`. */
export type CallOptions<K extends OperationId> = Part<Operations[K], 'path', 'pathParams'> & {
  query?: Operations[K]['query'];
  body?: Operations[K]['body'];
  headers?: Record<string, string>;
  idempotencyKey?: string;
};

type CallArgs<K extends OperationId> = Operations[K]['pathParams'] extends undefined
  ? [options?: CallOptions<K>]
  : [options: CallOptions<K>];

/** Operations that list records: an array answer and `offset`/`limit` in the query. */
export type ListOperationId = {
  [K in OperationId]: Operations[K]['response'] extends Array<unknown>
    ? NonNullable<Operations[K]['query']> extends { offset?: unknown }
      ? K
      : never
    : never;
}[OperationId];

export type ItemOf<K extends OperationId> = Operations[K]['response'] extends Array<infer T> ? T : never;

export interface Answer<T> {
  data: T;
  status: number;
  headers: Headers;
}

export class CrewbaseClient {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** Calls an operation by its id, e.g. `call('customers.get', { path: { id } })`; throws ProblemError unless 2xx. */
  async call<K extends OperationId>(operationId: K, ...[options]: CallArgs<K>): Promise<Operations[K]['response']> {
    return (await this.send(operationId, options as CallOptions<K> | undefined)).data;
  }

  /** Like `call`, with the status and headers of the answer. */
  async send<K extends OperationId>(
    operationId: K,
    options?: CallOptions<K>,
  ): Promise<Answer<Operations[K]['response']>> {
    const [method, template] = OPERATIONS[operationId] as readonly [string, string];
    const pathParams = (options as { path?: Record<string, unknown> } | undefined)?.path ?? {};
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (pathParams[name] === undefined) throw new TypeError(`${operationId}: path parameter ${name} is missing`);
      return encodeURIComponent(String(pathParams[name]));
    });
    return this.request(method, path, options as RequestOptions | undefined) as Promise<
      Answer<Operations[K]['response']>
    >;
  }

  /** One page of a list and the total number of matching records (X-Total-Count). */
  async page<K extends ListOperationId>(
    operationId: K,
    options?: CallOptions<K>,
  ): Promise<{ items: ItemOf<K>[]; total: number }> {
    const answer = await this.send(operationId, options);
    const items = answer.data as ItemOf<K>[];
    const total = Number(answer.headers.get('x-total-count') ?? items.length);
    return { items, total };
  }

  /** Every record of a list, fetched `pageSize` at a time (offset pagination until X-Total-Count is reached). */
  async *paginate<K extends ListOperationId>(
    operationId: K,
    options?: CallOptions<K>,
    pageSize = 100,
  ): AsyncGenerator<ItemOf<K>> {
    const query = { ...(options?.query as Record<string, unknown> | undefined) };
    let offset = Number(query.offset ?? 0);
    for (;;) {
      const { items, total } = await this.page(operationId, {
        ...options,
        query: { ...query, limit: pageSize, offset },
      } as CallOptions<K>);
      yield* items;
      offset += items.length;
      if (items.length === 0 || items.length < pageSize || offset >= total) return;
    }
  }

  /** Any request, for paths not in this client's version of the API. */
  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value === undefined) continue;
      url.searchParams.set(
        name,
        Array.isArray(value)
          ? value.join(',')
          : typeof value === 'object' && value !== null
            ? JSON.stringify(value)
            : String(value),
      );
    }
    const headers = new Headers({
      accept: 'application/json, application/problem+json, */*',
      ...this.options.headers,
      ...options.headers,
    });
    if (this.options.apiKey) headers.set('x-api-key', this.options.apiKey);
    const token = typeof this.options.token === 'function' ? await this.options.token() : this.options.token;
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (options.idempotencyKey) headers.set('idempotency-key', options.idempotencyKey);
    let body: BodyInit | undefined;
    if (
      options.body instanceof FormData ||
      options.body instanceof Blob ||
      options.body instanceof ArrayBuffer ||
      typeof options.body === 'string'
    ) {
      body = options.body as BodyInit;
    } else if (options.body !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(options.body);
    }
    const response = await this.fetch(url, { method, headers, body });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok) throw new ProblemError(await problemOf(response, type), response.headers);
    const data =
      response.status === 204 ? undefined : /json/.test(type) ? await response.json() : await response.arrayBuffer();
    return { data: data as T, status: response.status, headers: response.headers };
  }
}

export interface RequestOptions {
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  idempotencyKey?: string;
}

async function problemOf(response: Response, type: string): Promise<ProblemDetails> {
  const text = await response.text();
  if (/json/.test(type)) {
    try {
      const parsed = JSON.parse(text) as Partial<ProblemDetails>;
      return { ...parsed, status: parsed.status ?? response.status, title: parsed.title ?? response.statusText };
    } catch {
      /* not JSON after all: fall through */
    }
  }
  return {
    status: response.status,
    title: response.statusText || 'Error',
    ...(text ? { detail: text.slice(0, 500) } : {}),
  };
}
