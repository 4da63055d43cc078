/**
 * A settings tab declared as data: sections (a fieldset each, with its legend) of fields over one
 * or more sources (settingsSources.ts). Labels, hints and legends are keys of the tab's own
 * i18next namespace; the form's own words are the shared `settings_form` ones.
 */
import type { SettingsSource } from './settingsSources.js';

interface FieldBase {
  /** The source's key (`service_settings`, `location`, …). */
  source: string;
  /** The top-level field of the group; a change sends the whole field. */
  field: string;
  /** A field inside an object field (`texting_numbers.service`). */
  sub?: string;
  label: string;
  hint?: string;
}

export type SettingsField = FieldBase &
  (
    | { kind: 'checkbox' }
    | { kind: 'number'; min: number; max: number }
    /** `unit`: a count key (`settings_form.days`) the options are said with; else `optionLabels` + value, else the value itself. */
    | { kind: 'select'; options: readonly (string | number)[]; unit?: string; optionLabels?: string; names?: Readonly<Record<string, string>> }
    | { kind: 'text'; maxLength: number; inputMode?: 'url' | 'email' | 'text'; readOnly?: boolean; required?: boolean }
    | { kind: 'textarea'; maxLength: number }
    | { kind: 'time' }
    | { kind: 'phone' }
    /** Added with Enter or Tab (SPEC §5); `phone`: each tag is a phone number. */
    | { kind: 'tags'; maxLength: number; maxTags: number; phone?: boolean }
  );

export interface SettingsSection {
  legend: string;
  /** Said under the legend (what the section changes). */
  hint?: string;
  fields: readonly SettingsField[];
}

export interface SettingsTabDeclaration {
  /** The tab's words (a feature's namespace, `settings` for the core tabs). */
  namespace: string;
  /** data-testid prefix of the tab. */
  name: string;
  title: string;
  /** Said under the title. */
  hint?: string;
  sources: readonly SettingsSource[];
  sections: readonly SettingsSection[];
}

/** The field's place in its source's values and in error paths: `key.field[.sub]`. */
export function fieldPath(field: Pick<SettingsField, 'source' | 'field' | 'sub'>): string {
  return [field.source, field.field, ...(field.sub ? [field.sub] : [])].join('.');
}

export function fieldTestId(field: Pick<SettingsField, 'source' | 'field' | 'sub'>): string {
  return `setting-${fieldPath(field).replace(/\./g, '-')}`;
}

/** The declared field an error path names (the longest declared path that starts it), if any. */
export function fieldOfError(fields: readonly SettingsField[], path: string): SettingsField | null {
  const named = fields.filter((field) => path === fieldPath(field) || path.startsWith(`${fieldPath(field)}.`));
  if (named.length) return named.reduce((a, b) => (fieldPath(b).length > fieldPath(a).length ? b : a));
  // An error on a whole object field (`texting_numbers`) goes to its first part; one on the whole group to the form.
  if (!path.includes('.')) return null;
  return fields.find((field) => fieldPath(field).startsWith(`${path}.`)) ?? null;
}

/** The changes of one source: the top-level fields whose edited value differs from the stored one. */
export function changesOf(source: string, edits: Record<string, Record<string, unknown>>, stored: Record<string, Record<string, unknown>>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(edits[source] ?? {})) {
    if (JSON.stringify(value) !== JSON.stringify(stored[source]?.[field])) changes[field] = value;
  }
  return changes;
}
