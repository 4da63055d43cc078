import { useEffect, useRef, type ReactNode } from 'react';
import './dialog.css';

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and restores focus to
 * whatever opened it, which a hand-made overlay would have to imitate.
 */
export function Dialog({
  open,
  onClose,
  labelledBy,
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={labelledBy}
      // React passes a nested dialog's close up the tree: only this dialog's own close closes it
      // (the vehicle-ready question inside the phone's details sheet must not close the sheet).
      onClose={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      // A click on the backdrop lands on the dialog element itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog__body">{open ? children : null}</div>
    </dialog>
  );
}
