/**
 * A row of tabs over one panel (WAI-ARIA tabs): the chosen tab takes the focus stop, the arrow keys,
 * Home and End move between tabs and choose as they go. Each tab is `<idPrefix>-tab-<tab>` (its id
 * and test id), and the panel it controls `<idPrefix>-panel`, which the screen renders with
 * `tabPanelProps`.
 */
import { useRef, type KeyboardEvent } from 'react';
import './tab-list.css';

export const tabId = (idPrefix: string, tab: string) => `${idPrefix}-tab-${tab}`;

/** What the panel under the tabs carries to belong to them. */
export function tabPanelProps(idPrefix: string, current: string) {
  return { role: 'tabpanel', id: `${idPrefix}-panel`, 'aria-labelledby': tabId(idPrefix, current) } as const;
}

export function TabList<Tab extends string>({
  tabs,
  current,
  onChoose,
  name,
  label,
  idPrefix,
}: {
  tabs: readonly Tab[];
  current: Tab;
  onChoose: (tab: Tab) => void;
  /** The tab's words. */
  name: (tab: Tab) => string;
  /** What the row of tabs chooses, for screen readers. */
  label: string;
  idPrefix: string;
}) {
  const buttons = useRef(new Map<Tab, HTMLButtonElement>());

  function keys(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const at = tabs.indexOf(current);
    const next = tabs[event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : (at + (event.key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length]!;
    onChoose(next);
    buttons.current.get(next)?.focus();
  }

  return (
    <div className="tab-list" role="tablist" aria-label={label} onKeyDown={keys}>
      {tabs.map((tab) => (
        <button
          key={tab}
          ref={(el) => {
            if (el) buttons.current.set(tab, el);
            else buttons.current.delete(tab);
          }}
          type="button"
          role="tab"
          id={tabId(idPrefix, tab)}
          className="tab-list__tab"
          aria-selected={tab === current}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={tab === current ? 0 : -1}
          data-testid={tabId(idPrefix, tab)}
          onClick={() => onChoose(tab)}
        >
          {name(tab)}
        </button>
      ))}
    </div>
  );
}
