/**
 * Parts of a repair order's detail that other features bring (text-to-pay's payment request, CSI's
 * rating, …): a feature declares its section on a screen of its own `screen.ts`
 * (`repairOrderSection`), the shell hands the list here (app/menu.ts), and the service board's
 * detail panel shows each one the agent may use, loaded with its own chunk. So a feature adds a
 * section without the service board naming it, and features still meet only in app/.
 */
import type { ComponentType } from 'react';
import type { AccessFlags } from '../../../shared/access.js';
import type { RepairOrder } from '../../../shared/repairOrders/repairOrders.js';
import type { ConversationContext } from '../components/conversation/conversationContext.js';

export interface RepairOrderSectionProps {
  order: RepairOrder;
  context: ConversationContext;
}

export interface RepairOrderSection {
  key: string;
  allowed: (flags: AccessFlags) => boolean;
  load: () => Promise<ComponentType<RepairOrderSectionProps>>;
}

let sections: readonly RepairOrderSection[] = [];

export function provideRepairOrderSections(list: readonly RepairOrderSection[]): void {
  sections = list;
}

export const repairOrderSections = (): readonly RepairOrderSection[] => sections;
