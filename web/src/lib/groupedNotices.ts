/**
 * Notices that can come in bursts (a manager handing over several orders, the DMS simulator
 * assigning every few minutes) share one toast per kind: a repeat while it is up updates it with
 * the count and the latest few names instead of stacking another toast over the screen.
 */
import { toast } from 'sonner';

/** Names shown under the count: the newest few, enough to know which orders came in. */
const NAMES_SHOWN = 3;

interface Group {
  count: number;
  names: string[];
}

const groups = new Map<string, Group>();

export interface GroupedNotice {
  /** One toast per kind: repeats of it while it shows are counted on it. */
  kind: string;
  /** The title for this many notices of the kind (1 the first time). */
  title: (count: number) => string;
  /** What this one notice is about (a customer's name), listed under the title. */
  name?: string;
}

export function showGroupedNotice({ kind, title, name }: GroupedNotice): void {
  const group = groups.get(kind) ?? { count: 0, names: [] };
  group.count += 1;
  if (name) group.names = [name, ...group.names.filter((n) => n !== name)].slice(0, NAMES_SHOWN);
  groups.set(kind, group);
  const forget = () => {
    groups.delete(kind);
  };
  toast.info(title(group.count), {
    id: `grouped-${kind}`,
    description: group.names.length ? group.names.join(', ') : undefined,
    onDismiss: forget,
    onAutoClose: forget,
  });
}
