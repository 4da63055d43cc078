/**
 * A board's screen, the same for every board that lists records with conversations and texts them
 * in bulk (appointments, inventory): the title with the unread count and the board's tools, the
 * mass-text selection, then list | conversation | details, and the mass-text dialog. On a phone one
 * thing shows at a time: the list, or the open record's conversation with a way back and its
 * details in a sheet; the toasts keep clear of the conversation's newest text.
 *
 * The board brings its rows, its details, its tools and its words: its namespace (named after its
 * folder, `kind`) keeps them under a group of the same name with these names: `unread`,
 * `back_to_list`, `details`, `detail_label`, `pick_one_hint`, `not_found`, `notices_enable`, and
 * for its selection `selection_label`, `pick_page`, `pick_all`, `picked`, `mass_open`, `mass_recipients`.
 */
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationContext } from '../conversation/conversationContext.js';
import { DetailSheet } from '../DetailSheet.js';
import { MassTextDialog, type MassTextPlace } from '../massText/MassTextDialog.js';
import type { Pickable } from '../massText/selection.js';
import { SelectionBar } from '../massText/SelectionBar.js';
import type { MassSelection } from '../massText/useMassSelection.js';
import { realtimeStatus } from '../../lib/realtime.js';
import { useStore } from '../../lib/store.js';
import { useToastClearance } from '../../lib/toastPlacement.js';
import { BackToList, BoardTitle, DesktopNoticesButton, DetailsButton } from './BoardParts.js';
import { ConversationPane, type OpenConversation } from './ConversationPane.js';
import './board.css';

/** The row the keyboard goes back to once it is listed again, and how the list says it has. */
export interface ReturnFocus {
  id: string | null;
  done: () => void;
}

export function BoardScreen<R extends Pickable>({
  kind,
  title,
  unread,
  phone,
  openId,
  opened,
  onClose,
  tools,
  rows,
  mass,
  place,
  list,
  conversation,
  context,
  details,
  data,
  children,
}: {
  /** The board's folder and namespace, in its class, title id and test id (`appointments` → `appointments-board`). */
  kind: string;
  title: string;
  unread: number;
  phone: boolean;
  /** The record open in the address, and what became of it (useOpenRecord). */
  openId: string | null;
  opened: { open: unknown; missing: boolean; loading: boolean };
  /** Nothing open any more (a phone's way back to the list). */
  onClose: () => void;
  /** The header's own tools (after the desktop notices): they wait on the list while a phone reads a conversation. */
  tools: ReactNode;
  /** The rows loaded and the mass text's pick of them. */
  rows: readonly R[];
  mass: MassSelection<R>;
  place: MassTextPlace;
  /** The rows; back from a record on a phone, the keyboard lands on its row (`returnTo.id`) and the list says when it has (`done`). */
  list: (returnTo: ReturnFocus) => ReactNode;
  conversation: OpenConversation | null;
  context: ConversationContext;
  details: ReactNode;
  /** More `data-*` attributes of the screen (`{ view: 'all' }`). */
  data?: Record<string, string>;
  /** The board's own dialogs. */
  children?: ReactNode;
}) {
  const { t } = useTranslation(kind);
  const word = (name: string, count?: number) => t(`${kind}.${name}`, count === undefined ? {} : { count });
  const [sheetOpen, setSheetOpen] = useState(false);
  const section = useRef<HTMLElement>(null);
  const reading = phone && openId !== null;
  const hasOpen = opened.open !== null;
  useToastClearance(() => section.current?.querySelector<HTMLElement>('.conversation__messages') ?? null, reading && hasOpen, conversation?.owner.id ?? '');
  // Whether events reach the board right now (tests wait for it; the shell shows it offline).
  const live = useStore(realtimeStatus);
  const [returnFocus, setReturnFocus] = useState<string | null>(null);
  const returnTo = useMemo<ReturnFocus>(() => ({ id: returnFocus, done: () => setReturnFocus(null) }), [returnFocus]);
  const back = () => {
    setSheetOpen(false);
    setReturnFocus(openId);
    onClose();
  };
  const board = `${kind}-board`;
  const dataAttributes = Object.fromEntries(Object.entries(data ?? {}).map(([name, value]) => [`data-${name}`, value]));
  return (
    <section
      ref={section}
      className={['board', 'board--screen', board, phone ? `${board}--phone` : '', reading ? `${board}--reading` : ''].filter(Boolean).join(' ')}
      aria-labelledby={`${kind}-title`}
      data-testid={board}
      data-live={live}
      {...dataAttributes}
    >
      <header className="board__header">
        <BoardTitle id={`${kind}-title`} title={title} unread={unread} unreadLabel={word('unread', unread)} />
        {/* On a phone the open conversation takes the room; the tools wait on the list. */}
        {reading ? null : (
          <div className="board__tools">
            <DesktopNoticesButton label={word('notices_enable')} />
            {tools}
          </div>
        )}
      </header>
      {reading ? null : (
        <SelectionBar
          mass={mass}
          shown={rows}
          words={{ label: word('selection_label'), pickShown: word('pick_page'), pickAll: word('pick_all', mass.listed), picked: word('picked', mass.count.picked), open: word('mass_open') }}
        />
      )}
      <div className={`board__panes${hasOpen && !phone ? '' : ' board__panes--no-detail'}`}>
        {reading ? null : list(returnTo)}
        <ConversationPane
          conversation={conversation}
          context={context}
          leading={phone ? <BackToList label={word('back_to_list')} onBack={back} /> : null}
          trailing={phone && hasOpen ? <DetailsButton label={word('details')} sheetOpen={sheetOpen} onOpen={() => setSheetOpen(true)} /> : null}
          hint={phone && !openId ? null : opened.missing ? word('not_found') : opened.loading ? t('common.loading') : word('pick_one_hint')}
        />
        {phone ? null : details}
      </div>
      {phone && hasOpen ? (
        <DetailSheet open={sheetOpen} title={word('detail_label')} onClose={() => setSheetOpen(false)}>
          {details}
        </DetailSheet>
      ) : null}
      {children}
      <MassTextDialog mass={mass} locationId={context.locationId} place={place} recipients={word('mass_recipients', mass.count.picked)} />
    </section>
  );
}
