// Which language the console speaks: the signed-in user's `general.language` (read after sign-in), else the
// last one used on this device, else the browser's. The header's menu switches it and, when signed in, saves it
// as the user's language (PUT /v2/users/self/language), so notifications and SMS follow. The document's `lang`
// and `dir` follow the language (Arabic right to left).
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';
import { useEffect } from 'preact/hooks';
import type { Session } from '../lib/api.js';
import { LANGS, type Lang, browserLang, langOf, loadLang, useI18n } from '../lib/i18n.js';
import { whileCurrent } from '../lib/newest.js';

const STORED = 'crewbase.lang';

function stored(): Lang | undefined {
  try {
    return langOf(localStorage.getItem(STORED));
  } catch {
    return undefined; // storage refused (private mode): the browser's language
  }
}

/** The language to start with (main.tsx loads its catalogue before the first render). */
export const initialLang = (): Lang => stored() ?? browserLang();

/** Keeps the document's lang and dir and this device's memory in step, and adopts the user's own language. */
export function useUserLanguage(
  session: Session | undefined,
  client: CrewbaseClient | undefined,
  lang: Lang,
  setLang: (lang: Lang) => void,
) {
  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = LANGS[lang].dir;
    try {
      localStorage.setItem(STORED, lang);
    } catch {
      // not kept: the next start asks the browser again
    }
  }, [lang]);
  useEffect(() => {
    if (!session || !client) return;
    // Offline or not readable: the device's language stays.
    return whileCurrent(
      client.call('users.get', { path: { id: session.userId } }).then(async (user) => {
        const own = langOf(user.general?.language);
        if (own) await loadLang(own);
        return own;
      }),
      (own) => own && setLang(own),
    );
  }, [session, client, setLang]);
}

interface SelectProps {
  lang: Lang;
  client: CrewbaseClient | undefined;
  onChange: (lang: Lang) => void;
}

/** The header's language menu: each language named in itself. */
export function LanguageSelect({ lang, client, onChange }: SelectProps) {
  const { t } = useI18n();
  async function choose(value: string) {
    const next = langOf(value);
    if (!next) return;
    await loadLang(next).catch(() => {}); // offline and never loaded: English texts in its layout until online
    onChange(next);
    // The user's own language, for what the server sends them; a failure (offline) keeps it on this device only.
    await client?.request('PUT', '/v2/users/self/language', { body: { language: next } }).catch(() => {});
  }
  return (
    <label class="lang">
      <span class="visually-hidden">{t('language')}</span>
      <select value={lang} onChange={(e) => void choose(e.currentTarget.value)}>
        {(Object.keys(LANGS) as Lang[]).map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGS[code].name}
          </option>
        ))}
      </select>
    </label>
  );
}
