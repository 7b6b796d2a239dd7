// A request's logger, made when the request first writes a line. Fastify gives each request a child of the
// server's logger (its reqId), and authentication another (company and user, request-context.ts); pino builds
// a child's bindings at once, as a JSON string, about 1.4 % of the API process's CPU in a profile of employee
// weeks, and at the levels above info most requests write no line at all. A line written comes out as from
// the eager child: same bindings, same level.
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogMethod = FastifyBaseLogger[Level];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
const LEVELS: Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];
/** pino's standard levels; a logger with others (none here) gets eager children. */
const VALUES: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
const noop: LogMethod = () => {};

export function lazyChild(
  parent: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options?: ChildOptions,
): FastifyBaseLogger {
  const level = options?.level ?? parent.level;
  if (level !== 'silent' && VALUES[level] === undefined) return parent.child(bindings, options);
  let made: FastifyBaseLogger | undefined;
  const real = () => {
    made ??= parent.child(bindings, options);
    return made;
  };
  const enabled = (method: Level) => level !== 'silent' && VALUES[method]! >= VALUES[level]!;
  const logger = {
    get level() {
      return made ? made.level : level;
    },
    set level(value: string) {
      real().level = value;
      for (const method of LEVELS) logger[method] = (...args: Parameters<LogMethod>) => real()[method](...args);
    },
    silent: noop,
    child(more: Record<string, unknown>, moreOptions?: ChildOptions) {
      // Bindings of nested children are those of both; options (a level, serializers) need the real chain.
      if (made || moreOptions) return real().child(more, moreOptions);
      return lazyChild(parent, { ...bindings, ...more }, options);
    },
  } as FastifyBaseLogger;
  for (const method of LEVELS)
    logger[method] = enabled(method)
      ? (((...args: Parameters<LogMethod>) => real()[method](...args)) as LogMethod)
      : noop;
  return logger;
}

/** Fastify's `childLoggerFactory`: the request's child made lazily. */
export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => lazyChild(logger, bindings, options);
