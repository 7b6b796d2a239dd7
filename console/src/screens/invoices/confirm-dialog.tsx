// A modal question before an act that cannot be undone (issue, send, cancel, credit): the native <dialog> opened
// with showModal, so the page behind is inert, focus stays inside and Escape goes back. The safe choice has the
// focus first; the confirming button names the act.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { useI18n } from '../../lib/i18n.js';

interface Props {
  title: string;
  confirm: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ComponentChildren;
}

export function ConfirmDialog({ title, confirm, busy, danger, onConfirm, onClose, children }: Props) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // The element that opened the dialog gets the focus back when it closes.
    const opener = document.activeElement as HTMLElement | null;
    element.showModal();
    back.current?.focus();
    return () => {
      if (element.open) element.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      class="confirm-dialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-body"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="confirm-title">{title}</h2>
      <div id="confirm-body">{children}</div>
      <div class="actions">
        <button ref={back} type="button" class="secondary" onClick={onClose} disabled={busy}>
          {t('ofBack')}
        </button>
        <button type="button" class={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
          {confirm}
        </button>
      </div>
    </dialog>
  );
}
