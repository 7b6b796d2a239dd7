// A request's logger, made when the request first writes a line. Fastify gives each request a child of the
// server's logger (its reqId), and authentication another (company and user, request-context.ts); pino builds
// a child's bindings at once, as a JSON string, about 1.4 % of the API process's CPU in a profile of employee
// weeks, and at the levels above info most requests write no line at all. A line written comes out as from
// the eager child: same bindings, same level.
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
/** pino's standard levels; a logger with others (none here) gets eager children. */
const VALUES: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

// One object per request and no closures: the methods are the class's. A level method called with another `this`
// (taken off the logger) is not supported; Fastify and this code call them on the logger.
class LazyLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
    private readonly options: ChildOptions | undefined,
    private readonly threshold: number, // the lowest level value written; Infinity when silent
    private readonly levelName: string,
  ) {}

  private real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  /** Writes through the real child when it exists (a level set later) or the line's level is enabled. */
  private write(method: Level, args: unknown[]) {
    if (!this.made && VALUES[method]! < this.threshold) return;
    (this.real()[method] as (...line: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.made ? this.made.level : this.levelName;
  }

  set level(value: string) {
    this.real().level = value;
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}

  child(more: Record<string, unknown>, moreOptions?: ChildOptions): FastifyBaseLogger {
    // Bindings of nested children are those of both; options (a level, serializers) need the real chain.
    if (this.made || moreOptions) return this.real().child(more, moreOptions);
    return new LazyLogger(
      this.parent,
      { ...this.bindings, ...more },
      this.options,
      this.threshold,
      this.levelName,
    ) as unknown as FastifyBaseLogger;
  }
}

export function lazyChild(
  parent: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options?: ChildOptions,
): FastifyBaseLogger {
  const level = options?.level ?? parent.level;
  if (level !== 'silent' && VALUES[level] === undefined) return parent.child(bindings, options);
  const threshold = level === 'silent' ? Number.POSITIVE_INFINITY : VALUES[level]!;
  return new LazyLogger(parent, bindings, options, threshold, level) as unknown as FastifyBaseLogger;
}

/** Fastify's `childLoggerFactory`: the request's child made lazily. */
export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => lazyChild(logger, bindings, options);
