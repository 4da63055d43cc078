/**
 * The settings form's rules without a browser: which declared field a server error names, what a
 * save sends (only the top-level fields that changed; a changed part sends its whole object, so the
 * schema's defaults never overwrite the other parts), and that every declared tab's fields exist in
 * their group's schema, each source's fields check with that schema, and the SPEC §9 lists.
 */
import { describe, expect, it } from 'vitest';
import { settingsSchema } from '../../../../../shared/schemas/settings.js';
import { DAYS_LATER, MINUTES, MONTHS, REMINDER_DAYS, optionsWithin } from '../../../../../shared/settingsOptions.js';
import { changesOf, fieldOfError, fieldPath, type SettingsField } from '../../../components/settingsForm/settingsFields.js';
import { businessTab } from '../tabs/businessTab.js';
import { serviceTab } from '../tabs/serviceTab.js';
import { voiceCallsTab } from '../tabs/voiceCallsTab.js';
import { developerTab } from '../tabs/DeveloperTab.js';
import { accountTab } from '../tabs/accountTab.js';
import { fieldProblem } from '../../../components/settingsForm/SettingsFieldInput.js';
import type { TFunction } from 'i18next';
import type { SettingsKey } from '../../../../../shared/access.js';

const fields = (tab: { sections: readonly { fields: readonly SettingsField[] }[] }) => tab.sections.flatMap((s) => s.fields);

describe('the settings form', () => {
  it('places an error at the field its path names, a part of an object field at that part', () => {
    const business = fields(businessTab);
    expect(fieldPath(fieldOfError(business, 'business_information.brand')!)).toBe('business_information.brand');
    expect(fieldPath(fieldOfError(business, 'business_information.texting_numbers.hotel')!)).toBe('business_information.texting_numbers.hotel');
    // The whole object refused: its first part.
    expect(fieldPath(fieldOfError(business, 'business_information.texting_numbers')!)).toBe('business_information.texting_numbers.service');
    // An issue inside a tag list (its third entry) is the list's.
    expect(fieldPath(fieldOfError(fields(serviceTab), 'service_settings.work_declined_opcodes.2')!)).toBe('service_settings.work_declined_opcodes');
    expect(fieldOfError(business, 'service_settings.mode')).toBeNull();
    expect(fieldOfError(business, 'business_information')).toBeNull();
  });

  it('sends only the fields whose value changed', () => {
    const stored = { service_settings: { safe_mode: false, work_declined_opcodes: ['A'], mode: 'manual' } };
    const edits = { service_settings: { safe_mode: false, work_declined_opcodes: ['A', 'B'], mode: 'assisted' } };
    expect(changesOf('service_settings', edits, stored)).toEqual({ work_declined_opcodes: ['A', 'B'], mode: 'assisted' });
    expect(changesOf('dms_settings', edits, stored)).toEqual({});
  });

  it('declares only fields its groups have, with choices the schema takes', () => {
    for (const tab of [businessTab, serviceTab, voiceCallsTab, developerTab]) {
      for (const field of fields(tab)) {
        const schema = settingsSchema(field.source as SettingsKey);
        expect(Object.hasOwn(schema.shape, field.field), fieldPath(field)).toBe(true);
        if (field.kind === 'select') {
          for (const option of field.options) expect(schema.safeParse({ [field.field]: option }).success, `${fieldPath(field)} = ${option}`).toBe(true);
        }
      }
    }
  });

  it('offers SPEC §9 lists, narrowed to what a schema takes', () => {
    expect(REMINDER_DAYS).toEqual([1, 2, 3, 5, 7, 10, 15, 30]);
    expect(MINUTES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 30]);
    expect(MONTHS).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(DAYS_LATER).toEqual([1, 2, 3, 5, 10]);
    expect(optionsWithin(REMINDER_DAYS, 1, 7)).toEqual([1, 2, 3, 5, 7]);
  });

  it("says in the agent's words what is wrong with a field before anything is sent", () => {
    const t = ((key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key)) as unknown as TFunction;
    const byPath = (tab: typeof serviceTab, path: string) => fields(tab).find((field) => fieldPath(field) === path)!;
    const name = byPath(accountTab, 'location.name');
    expect(fieldProblem(name, '   ', 'US', t)).toBe('settings_form.error_required');
    expect(fieldProblem(name, 'Demo Motors North', 'US', t)).toBeNull();
    const days = byPath(serviceTab, 'service_settings.auto_close_days');
    expect(fieldProblem(days, 366, 'US', t)).toBe('settings_form.error_range {"min":1,"max":365}');
    expect(fieldProblem(days, Number.NaN, 'US', t)).toContain('settings_form.error_range');
    expect(fieldProblem(days, 365, 'US', t)).toBeNull();
    const quiet = byPath(serviceTab, 'service_settings.quiet_hours_start');
    expect(fieldProblem(quiet, '24:00', 'US', t)).toBe('settings_form.error_time');
    expect(fieldProblem(quiet, '21:30', 'US', t)).toBeNull();
    const number = byPath(businessTab, 'business_information.texting_numbers.service');
    // Blank is "no number"; a number must be one.
    expect(fieldProblem(number, '', 'US', t)).toBeNull();
    expect(fieldProblem(number, '617', 'US', t)).toBe('settings_form.error_phone_too_short');
    expect(fieldProblem(number, '(617) 555-0142', 'US', t)).toBeNull();
  });
});

describe('the voice calls tab (issue 25)', () => {
  it("sets each board's missed-call text-back: on or off, the store's words, and whether it goes outside texting hours", () => {
    for (const board of ['service', 'appointments', 'inventory']) {
      const own = fields(voiceCallsTab).filter((field) => field.source === `${board}_calls_settings`);
      expect(own.map((field) => `${field.field}:${field.kind}`)).toEqual(expect.arrayContaining(['text_back_enabled:checkbox', 'text_back_text:textarea', 'text_back_in_quiet_hours:checkbox']));
      // An empty text means the console's own words: the field says so.
      expect(own.find((field) => field.field === 'text_back_text')?.hint).toBe('settings.calls_text_back_text_hint');
    }
  });

  it('no longer says calls arrive in a later release', () => {
    expect(voiceCallsTab.hint).toBeUndefined();
  });
});
