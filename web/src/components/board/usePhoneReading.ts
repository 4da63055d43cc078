/**
 * A board on a phone shows its list or the open record across the screen (SPEC §2; PHONE_WINDOW):
 * whether it is reading one now, the way back to the list (`leave` closes what the board has open
 * over it, such as the details sheet) with the keyboard landing on the row it came from, and the
 * toasts kept clear of the conversation's newest messages while reading.
 */
import { useRef, useState } from 'react';
import { useToastClearance } from '../../lib/toastPlacement.js';

export interface PhoneReading {
  reading: boolean;
  /** The board's own element (its <section>): where the conversation is found. */
  section: React.RefObject<HTMLElement | null>;
  /** The row the keyboard goes back to; `focused` once it has it. */
  returnFocus: string | null;
  focused: () => void;
  backToList: () => void;
}

export function usePhoneReading(options: { phone: boolean; openId: string | null; shownId: string | null; leave: () => void }): PhoneReading {
  const [returnFocus, setReturnFocus] = useState<string | null>(null);
  const section = useRef<HTMLElement>(null);
  const reading = options.phone && options.openId !== null;
  useToastClearance(() => section.current?.querySelector<HTMLElement>('.conversation__messages') ?? null, reading && options.shownId !== null, options.shownId ?? '');
  return {
    reading,
    section,
    returnFocus,
    focused: () => setReturnFocus(null),
    backToList: () => {
      setReturnFocus(options.openId);
      options.leave();
    },
  };
}
