/**
 * Parts a feature adds to screens it does not own (a repair order's rating on the service board, a
 * settings tab, notices the shell shows): the feature declares them in its screen.ts with
 * `declareParts`, and the owning screen renders whatever is declared, so features still never import
 * each other. Declarations stay tiny (they sit in the shell's bundle): the parts themselves are
 * fetched with the feature's chunk, once, for agents whose flags allow them.
 */
import { useEffect, useState, type ComponentType } from 'react';
import type { AccessFlags } from '../../../shared/access.js';
import type { RepairOrder } from '../../../shared/repairOrders/repairOrders.js';
import type { ConversationAt } from '../../../shared/routes.js';
import type { ConversationContext } from '../components/conversation/conversationContext.js';
import { useStore } from './store.js';
import { session } from './session.js';

export interface FeatureParts {
  /** Shown after the customer's name on a service-board row and on the order's card. */
  OrderMarker?: ComponentType<{ order: RepairOrder }>;
  /** A section of the repair order's detail panel (with the detail's context: locale, store, who acts). */
  OrderSection?: ComponentType<OrderSectionProps>;
  /** A section of the technician's inspection sheet of an order (/mpi/repair_orders/:roId), below its notes. */
  SheetSection?: ComponentType<SheetSectionProps>;
  /** Panels of settings tabs, by the tab's name (features/settings/settingsTabs.ts). */
  settingsTabs?: Readonly<Record<string, ComponentType<{ locationId: string }>>>;
  /** Mounted once by the shell (live notices for the agent). */
  Notices?: ComponentType;
  /** A tool on the bar of every board's composer (the templates' picker). */
  ComposerTool?: ComponentType<ComposerToolProps>;
}

export interface ComposerToolProps {
  owner: ConversationAt;
  /** Puts text at the cursor of the message box, in place of what is selected there. */
  insert: (text: string) => void;
}

export interface OrderSectionProps {
  order: RepairOrder;
  context: ConversationContext;
}

export interface SheetSectionProps {
  repairOrderId: string;
}

export interface PartsDeclaration {
  name: string;
  allowed: (flags: AccessFlags) => boolean;
  load: () => Promise<FeatureParts>;
}

const declared: PartsDeclaration[] = [];
const loaded = new Map<string, Promise<FeatureParts>>();

export function declareParts(declaration: PartsDeclaration): void {
  if (!declared.some((known) => known.name === declaration.name)) declared.push(declaration);
}

function load(declaration: PartsDeclaration): Promise<FeatureParts> {
  let parts = loaded.get(declaration.name);
  if (!parts) {
    parts = declaration.load();
    loaded.set(declaration.name, parts);
  }
  return parts;
}

/** The parts every feature declared that the acting agent may see, as they arrive. */
export function useFeatureParts(): FeatureParts[] {
  const current = useStore(session);
  const flags = current.status === 'ready' ? current.acting.access_level : null;
  const [parts, setParts] = useState<FeatureParts[]>([]);
  useEffect(() => {
    if (!flags) return;
    let live = true;
    void Promise.all(declared.filter((declaration) => declaration.allowed(flags)).map(load)).then((all) => {
      if (live) setParts(all);
    });
    return () => {
      live = false;
    };
  }, [flags]);
  return parts;
}

export function OrderMarkers({ order }: { order: RepairOrder }) {
  const parts = useFeatureParts();
  return (
    <>
      {parts.map(({ OrderMarker }, index) => (OrderMarker ? <OrderMarker key={index} order={order} /> : null))}
    </>
  );
}

export function OrderSections({ order, context }: OrderSectionProps) {
  const parts = useFeatureParts();
  return (
    <>
      {parts.map(({ OrderSection }, index) => (OrderSection ? <OrderSection key={index} order={order} context={context} /> : null))}
    </>
  );
}

export function SheetSections({ repairOrderId }: SheetSectionProps) {
  const parts = useFeatureParts();
  return (
    <>
      {parts.map(({ SheetSection }, index) => (SheetSection ? <SheetSection key={index} repairOrderId={repairOrderId} /> : null))}
    </>
  );
}

/** The panel a feature gives a settings tab, or null while none does (or it is still arriving). */
export function useSettingsTab(tab: string): ComponentType<{ locationId: string }> | null {
  return useFeatureParts().find((parts) => parts.settingsTabs?.[tab])?.settingsTabs?.[tab] ?? null;
}

export function FeatureNotices() {
  const parts = useFeatureParts();
  return (
    <>
      {parts.map(({ Notices }, index) => (Notices ? <Notices key={index} /> : null))}
    </>
  );
}

export function ComposerTools(props: ComposerToolProps) {
  const parts = useFeatureParts();
  return (
    <>
      {parts.map(({ ComposerTool }, index) => (ComposerTool ? <ComposerTool key={index} {...props} /> : null))}
    </>
  );
}
