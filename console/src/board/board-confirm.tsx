// A modal question before a move that needs a second thought (onto an absence or another job): a native
// <dialog> (focus kept inside, Escape cancels), the reason in words, Move anyway or Cancel.
import { useEffect, useRef } from 'preact/hooks';
import { useI18n } from '../lib/i18n.js';

interface Props {
  reason: string;
  onAnswer: (go: boolean) => void;
}

export function ConfirmMove({ reason, onAnswer }: Props) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      class="confirm"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-reason"
      onCancel={(event) => {
        event.preventDefault();
        onAnswer(false);
      }}
    >
      <h2 id="confirm-title">{t('confirmMoveTitle')}</h2>
      <p id="confirm-reason">{reason}</p>
      <div class="confirm-actions">
        <button type="button" class="secondary" onClick={() => onAnswer(false)}>
          {t('cancel')}
        </button>
        <button type="button" class="primary" onClick={() => onAnswer(true)}>
          {t('moveAnyway')}
        </button>
      </div>
    </dialog>
  );
}
