// DATABASE_URL in libpq's multi-host form, which node-postgres does not read itself:
// postgres://user:pass@h1:5432,h2:5433/db?target_session_attrs=read-write. Every host shares the
// user, password, database and parameters; the pool connects to one of them at a time (primary-pool.ts).

export interface HostPort {
  host: string;
  port: number;
}

export interface ConnectionTarget {
  hosts: HostPort[];
  /** The URL for one host: node-postgres reads it as usual. */
  urlFor(host: HostPort): string;
  /** Whether the connection must be read-write (libpq's target_session_attrs=read-write or primary). */
  readWrite: boolean;
}

const MAX_HOSTS = 16;

export function parseConnectionUrl(url: string): ConnectionTarget {
  const match = /^(postgres(?:ql)?:\/\/)([^@/]*@)?([^/?#]*)(.*)$/.exec(url);
  if (!match) throw new Error('The database URL must start with postgres:// or postgresql://');
  const [, scheme, credentials = '', hostList, rest] = match as unknown as [string, string, string, string, string];
  const hosts = hostList.split(',').map((entry) => {
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry); // [::1]:5432
    const plain = /^([^:]*)(?::(\d+))?$/.exec(entry);
    const [host, port] = bracketed ? [bracketed[1]!, bracketed[2]] : [plain?.[1] ?? '', plain?.[2]];
    const number = port === undefined ? 5432 : Number(port);
    if (!Number.isInteger(number) || number < 1 || number > 65535) throw new Error(`Bad port in "${entry}"`);
    return { host: host || 'localhost', port: number };
  });
  if (hosts.length > MAX_HOSTS) throw new Error(`At most ${MAX_HOSTS} hosts in a database URL`);
  const query = new URL(`http://x${rest.startsWith('/') || rest === '' ? rest : `/${rest}`}`).searchParams;
  const attrs = query.get('target_session_attrs') ?? 'any';
  // node-postgres would ignore this parameter; it is ours to apply, so it leaves the per-host URL.
  const kept = rest.replace(/([?&])target_session_attrs=[^&#]*&?/, '$1').replace(/[?&]$/, '');
  return {
    hosts,
    readWrite: attrs === 'read-write' || attrs === 'primary',
    urlFor: ({ host, port }) => `${scheme}${credentials}${host.includes(':') ? `[${host}]` : host}:${port}${kept}`,
  };
}

/** A host as metrics and /ready name it, without credentials. */
export const targetName = ({ host, port }: HostPort) => `${host}:${port}`;
