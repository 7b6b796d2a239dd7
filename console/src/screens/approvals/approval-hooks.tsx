// What the approvals screen's sections share: the names they show, loading a list, and an action's outcome line.
import { useCallback, useEffect, useState } from 'preact/hooks';
import { messageOf } from '../../lib/api.js';
import { useI18n } from '../../lib/i18n.js';
import { useNewest } from '../../lib/newest.js';

/** Names of users (read once) and objects (read by id as sections need them), shared by the sections. */
export interface Names {
  user: (id: string | null | undefined) => string;
  object: (id: string | null | undefined) => string;
  loadObjects: (ids: Array<string | null | undefined>) => Promise<void>;
}

/** Loads a section's list; `reload` after an action. */
export function useList<T>(load: () => Promise<T[]>) {
  const [items, setItems] = useState<T[]>();
  const [error, setError] = useState<string>();
  const newest = useNewest(); // another period chosen while a list is on its way
  const reload = useCallback(async () => {
    try {
      setItems(await newest(load()));
      setError(undefined);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }, [load, newest]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { items, error, reload };
}

/** A section's outcome line: done (status) or the API's problem detail (alert). */
export function useOutcome() {
  const { t } = useI18n();
  const [message, setMessage] = useState<{ text: string; error?: boolean }>();
  const act = useCallback(
    async (work: () => Promise<unknown>, done: string, after?: () => Promise<void>) => {
      setMessage(undefined);
      try {
        await work();
        await after?.();
        setMessage({ text: done });
      } catch (error) {
        setMessage({ text: t('actionFailed', { message: messageOf(error) }), error: true });
      }
    },
    [t],
  );
  const shown = message && (
    <p class={message.error ? 'error' : 'notice'} role={message.error ? 'alert' : 'status'}>
      {message.text}
    </p>
  );
  return { act, shown };
}
