/**
 * Message templates (SPEC §3 "templates at company, location and agent level"): the canned texts an
 * agent inserts in the composer, as the API answers them, and the placeholders filled in when one is
 * inserted.
 */

export const TEMPLATE_LEVELS = ['company', 'location', 'agent'] as const;
export type TemplateLevel = (typeof TEMPLATE_LEVELS)[number];

/** The boards whose composer may offer a template; `all` offers it everywhere. */
export const TEMPLATE_BOARDS = ['all', 'service', 'appointments', 'employees', 'inventory', 'chat'] as const;
export type TemplateBoard = (typeof TEMPLATE_BOARDS)[number];

/** SPEC §9: templates are paged 50 at a time. */
export const TEMPLATES_PAGE_SIZE = 50;
export const TEMPLATE_NAME_MAX = 80;
/** SPEC §5: a message is at most 1600 characters, so a template is too. */
export const TEMPLATE_TEXT_MAX = 1600;

export const TEMPLATE_ERRORS = {
  name: 'Please enter a name for the template',
  name_too_long: `The name can be at most ${TEMPLATE_NAME_MAX} characters`,
  /** SPEC §5. */
  text: 'Text cannot be blank',
  text_too_long: `Message length limit is ${TEMPLATE_TEXT_MAX} characters`,
  level: 'Please choose company, location or agent',
  board: 'Please choose a board or all boards',
  location_id: 'Please choose the location',
} as const;

export interface MessageTemplate {
  id: string;
  level: TemplateLevel;
  /** The company, a location of it, or an agent, by the level. */
  owner_id: string;
  name: string;
  text: string;
  board: TemplateBoard;
  created_by: string;
  created_at: string;
  updated_by: string;
  updated_at: string;
}

/**
 * The board whose composer a conversation of this owner kind is written in (functions/<board>/board.ts
 * `conversations.kind`); a kind not named here (guests and leads) is offered the `all` templates only.
 */
export const BOARD_OF_OWNER_KIND: Readonly<Record<string, TemplateBoard>> = {
  repair_order: 'service',
  appointment: 'appointments',
  employee: 'employees',
  inventory_order: 'inventory',
  chatroom: 'chat',
};

/** Whether a template is offered in a conversation of this owner kind. */
export function offeredFor(template: Pick<MessageTemplate, 'board'>, ownerKind: string): boolean {
  return template.board === 'all' || template.board === BOARD_OF_OWNER_KIND[ownerKind];
}

/** What a conversation knows to fill a template's placeholders with; '' where it does not apply. */
export interface TemplateFacts {
  customer_first_name: string;
  customer_last_name: string;
  customer_name: string;
  dealership: string;
  advisor_name: string;
  advisor_first_name: string;
  vehicle: string;
  ro_number: string;
}

export const PLACEHOLDERS = [
  'customer_first_name',
  'customer_last_name',
  'customer_name',
  'dealership',
  'advisor_name',
  'advisor_first_name',
  'vehicle',
  'ro_number',
] as const satisfies readonly (keyof TemplateFacts)[];

const isPlaceholder = (name: string): name is keyof TemplateFacts => (PLACEHOLDERS as readonly string[]).includes(name);

/**
 * The template's text with its placeholders (`{{dealership}}`, `{{ customer_first_name }}`) filled
 * in. A placeholder the conversation has no value for, or one this console does not know, stays as
 * written: the advisor sees it in the composer and fixes it before sending.
 */
export function fillTemplate(text: string, facts: Partial<TemplateFacts>): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/gi, (whole, raw: string) => {
    const name = raw.toLowerCase();
    const value = isPlaceholder(name) ? facts[name]?.trim() : undefined;
    return value ? value : whole;
  });
}

/** A vehicle as a customer names it: "2021 Toyota Camry". */
export function vehicleName(vehicle: { year?: number | null; make?: string; model?: string } | null | undefined): string {
  if (!vehicle) return '';
  return [vehicle.year ? String(vehicle.year) : '', vehicle.make ?? '', vehicle.model ?? ''].map((part) => part.trim()).filter(Boolean).join(' ');
}
