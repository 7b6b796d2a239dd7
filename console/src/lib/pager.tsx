// Paging of offset lists (customers, invoices): PAGE records a page, and the previous/next control.
import { useI18n } from './i18n.js';

/** Records per page of the office's offset lists. */
export const PAGE = 20;

/** Previous and next page of an offset list, with where the page stands. */
export function Pager({ offset, total, onOffset }: { offset: number; total: number; onOffset: (n: number) => void }) {
  const { t } = useI18n();
  if (total <= PAGE) return null;
  return (
    <div class="pager">
      <button type="button" class="secondary" disabled={offset === 0} onClick={() => onOffset(offset - PAGE)}>
        {t('previous')}
      </button>
      <span>{t('ofPageOf', { from: offset + 1, to: Math.min(offset + PAGE, total), total })}</span>
      <button type="button" class="secondary" disabled={offset + PAGE >= total} onClick={() => onOffset(offset + PAGE)}>
        {t('next')}
      </button>
    </div>
  );
}
