// What a process keeps of credentials between requests: API key rows by hash, and users' current state
// (group rights, session open) by company, user and session. While the database announces changes
// (migration 0023: NOTIFY crewbase_rights on a change of groups, users' groups, sessions, keys) an entry
// stays until its company or user changes, for RIGHTS_CACHE_SECONDS at most; at peak hour a user's next
// request comes minutes after the last, so a cache of seconds missed nearly always. Without the
// announcements (behind a transaction-mode pooler, or while the listening connection is lost) entries
// last API_KEY_CACHE_SECONDS, as before, and every change of listening drops all entries: what was
// announced meanwhile is unknown.
import type { Database, Listening } from '../../platform/db/database.js';
import type { Permissions } from '../../platform/http/permissions.js';

export const RIGHTS_CHANNEL = 'crewbase_rights';
/** Users' states kept at most (each about 200 bytes; the rights themselves are shared, below): 2,000 companies of 50. */
const MAX_PRINCIPALS = 100_000;
/** Companies whose users' states were loaded all at once, remembered at most. */
const MAX_LOADED_COMPANIES = 20_000;
const MAX_KEYS = 10_000;
/** Distinct rights kept for sharing; past this the table starts again (entries keep theirs). */
const MAX_SHARED_RIGHTS = 10_000;

interface Entry<V> {
  value: V;
  expires: number;
  companyId: string;
  userId?: string;
}

/** What a load saw before it began: its result is kept only if nothing was announced meanwhile. */
export interface LoadStamp {
  epoch: number;
  changes: number;
}

/** Entries by key, with the keys of each company, so that one company's or user's are dropped without a scan. */
class CompanyMap<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly byCompany = new Map<string, Set<string>>();
  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires >= Date.now()) return entry.value;
    this.delete(key);
    return undefined;
  }

  set(key: string, entry: Entry<V>) {
    this.delete(key);
    if (this.entries.size >= this.max) this.delete(this.entries.keys().next().value!); // the oldest
    this.entries.set(key, entry);
    let keys = this.byCompany.get(entry.companyId);
    if (!keys) this.byCompany.set(entry.companyId, (keys = new Set()));
    keys.add(key);
  }

  delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.byCompany.get(entry.companyId)!;
    keys.delete(key);
    if (keys.size === 0) this.byCompany.delete(entry.companyId);
  }

  /** Drops the company's entries, or only those of one of its users. */
  dropCompany(companyId: string, userId?: string) {
    for (const key of [...(this.byCompany.get(companyId) ?? [])])
      if (userId === undefined || this.entries.get(key)?.userId === userId) this.delete(key);
  }

  clear() {
    this.entries.clear();
    this.byCompany.clear();
  }
}

export interface CacheTimes {
  /** While changes are announced (RIGHTS_CACHE_SECONDS). */
  announcedMs: number;
  /** Otherwise (API_KEY_CACHE_SECONDS). */
  unannouncedMs: number;
}

export class CredentialCache<Principal, KeyRow> {
  readonly principals = new CompanyMap<Principal>(MAX_PRINCIPALS);
  readonly keys = new CompanyMap<KeyRow>(MAX_KEYS);
  private listening = false;
  private listener: Listening | undefined;
  /** Bumped whenever every entry is dropped: a load begun before must not be kept. */
  private epoch = 0;
  /** Announcements per company (and for keys, whose company a load learns only from its row). */
  private readonly changes = new Map<string, number>();
  private keyChanges = 0;
  private readonly sharedRights = new Map<string, Permissions>();
  /** When each company's users' states loaded all at once stop counting as loaded (ms since the epoch). */
  private readonly loadedCompanies = new Map<string, number>();

  constructor(private readonly times: CacheTimes) {}

  /** Listens to the database's announcements where it can; entries last the shorter time until it does. */
  async start(database: Database): Promise<void> {
    if (!database.listen || this.times.announcedMs <= this.times.unannouncedMs) return;
    this.listener = await database.listen(RIGHTS_CHANNEL, {
      message: (payload) => this.announced(payload),
      state: (listening) => {
        this.listening = listening;
        this.clear();
      },
    });
  }

  async stop(): Promise<void> {
    await this.listener?.close();
    this.listener = undefined;
    this.listening = false;
  }

  /** Whether changes are announced now (entries last RIGHTS_CACHE_SECONDS). */
  get announcing(): boolean {
    return this.listening;
  }

  stamp(companyId?: string): LoadStamp {
    return {
      epoch: this.epoch,
      changes: companyId === undefined ? this.keyChanges : (this.changes.get(companyId) ?? 0),
    };
  }

  private fresh(stamp: LoadStamp, companyId?: string): boolean {
    const now = this.stamp(companyId);
    return now.epoch === stamp.epoch && now.changes === stamp.changes;
  }

  private expiry(): number | undefined {
    const ttl = this.listening ? this.times.announcedMs : this.times.unannouncedMs;
    return ttl > 0 ? Date.now() + ttl : undefined;
  }

  /** Keeps a user's state loaded since `stamp`, unless a change was announced meanwhile. */
  keepPrincipal(key: string, companyId: string, userId: string, value: Principal, stamp: LoadStamp) {
    const expires = this.expiry();
    if (expires === undefined || !this.fresh(stamp, companyId)) return;
    this.principals.set(key, { value, expires, companyId, userId });
  }

  /** Keeps an API key's row (or its absence, under `companyId` ''), loaded since `stamp`. */
  keepKey(hash: string, companyId: string, value: KeyRow, stamp: LoadStamp) {
    const expires = this.expiry();
    if (expires === undefined || !this.fresh(stamp)) return;
    this.keys.set(hash, { value, expires, companyId });
  }

  /**
   * Whether the company's users' states were loaded all at once lately (keepCompany), so that a state not
   * found is one that load did not see (a newer session, a closed one) and is looked up alone.
   */
  companyLoaded(companyId: string): boolean {
    const until = this.loadedCompanies.get(companyId);
    if (until === undefined) return false;
    if (until >= Date.now()) return true;
    this.loadedCompanies.delete(companyId);
    return false;
  }

  /**
   * Keeps the states of a company's users loaded all at once since `stamp` (none when the company had too many
   * to keep), and remembers the load, unless a change was announced meanwhile. Only while changes are announced:
   * for the short time a load of every user would mostly be thrown away.
   */
  keepCompany(companyId: string, states: Array<{ key: string; userId: string; value: Principal }>, stamp: LoadStamp) {
    const expires = this.expiry();
    if (!this.listening || expires === undefined || !this.fresh(stamp, companyId)) return;
    for (const { key, userId, value } of states) this.principals.set(key, { value, expires, companyId, userId });
    this.loadedCompanies.delete(companyId);
    if (this.loadedCompanies.size >= MAX_LOADED_COMPANIES)
      this.loadedCompanies.delete(this.loadedCompanies.keys().next().value!);
    this.loadedCompanies.set(companyId, expires);
  }

  /** One object for equal rights: thousands of users of a few groups keep a few objects (never changed). */
  share(rights: Permissions): Permissions {
    const text = JSON.stringify(rights);
    const shared = this.sharedRights.get(text);
    if (shared) return shared;
    if (this.sharedRights.size >= MAX_SHARED_RIGHTS) this.sharedRights.clear();
    this.sharedRights.set(text, rights);
    return rights;
  }

  /** Drops a company's entries (this process changed its rights: its next request sees them, announced or not). */
  forgetCompany(companyId: string) {
    this.countChange(companyId);
    this.keyChanges += 1;
    this.principals.dropCompany(companyId);
    this.keys.dropCompany(companyId);
    this.loadedCompanies.delete(companyId);
  }

  /** Drops everything: what was announced while nobody listened is unknown. */
  clear() {
    this.epoch += 1;
    this.principals.clear();
    this.keys.clear();
    this.loadedCompanies.clear();
  }

  private countChange(companyId: string) {
    this.changes.set(companyId, (this.changes.get(companyId) ?? 0) + 1);
    // The counts only need to differ between a load's start and end; past 100,000 companies start again.
    if (this.changes.size > 100_000) {
      this.epoch += 1;
      this.changes.clear();
    }
  }

  /** An announcement: `<company>` (its groups or keys changed) or `<company> <user>` (one user's state). */
  private announced(payload: string) {
    const [companyId = '', userId] = payload.split(' ');
    this.countChange(companyId);
    this.principals.dropCompany(companyId, userId);
    if (userId === undefined) {
      this.keyChanges += 1;
      this.keys.dropCompany(companyId);
      this.loadedCompanies.delete(companyId);
    }
  }
}
