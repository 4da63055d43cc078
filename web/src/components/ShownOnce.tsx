/**
 * A secret the server answers once and keeps only a hash of (a DMS key, a setup wizard link): shown
 * with a copy button until the person hides it, since nobody can show it again.
 */
import { toast } from 'sonner';
import './shown-once.css';

export interface ShownOnceWords {
  /** Says it is shown this once. */
  message: string;
  copy: string;
  hide: string;
  copied: string;
  /** When the browser refuses the clipboard; without it the value stays on screen to copy by hand. */
  copyFailed?: string;
}

export function ShownOnce({ value, words, onHide, testId }: { value: string; words: ShownOnceWords; onHide: () => void; testId: string }) {
  return (
    <div className="notice notice--info shown-once" role="status" data-testid={testId}>
      <p>{words.message}</p>
      <code className="shown-once__value" data-testid={`${testId}-value`}>
        {value}
      </code>
      <div className="shown-once__actions">
        <button
          type="button"
          className="button button--small"
          data-testid={`${testId}-copy`}
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(
              () => toast.success(words.copied),
              () => (words.copyFailed ? toast.error(words.copyFailed) : undefined),
            );
          }}
        >
          {words.copy}
        </button>
        <button type="button" className="button button--small button--quiet" onClick={onHide}>
          {words.hide}
        </button>
      </div>
    </div>
  );
}
