/**
 * Sheet templates of a location (SPEC §3 "Sheet template"): a form name, a vehicle type, a header
 * and groups of items. New repair orders get a sheet from the location's default template of their
 * vehicle type; there is at most one default per location and type. A small pointer item
 * (`MPIDEFAULT#{type}` in the location's partition) names it, and every change of default is one
 * transaction conditional on the pointer, so two managers making different templates default at
 * once never leave two defaults. Archiving a default template leaves the type without a default.
 */
import type { SheetTemplate, VehicleType } from '../../shared/inspections/inspections.js';
import { checkGroups, type SheetTemplateBody } from '../../shared/inspections/schemas.js';
import { notFound } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { byPrefix, keys } from '../lib/keys.js';
import { fields, getItem, isConditionFailure, putItemIf, queryAll, transactWrite, type Item, type TransactWrite } from '../lib/table.js';
import { keptGroups, refusal } from './refusals.js';
import { mpiChanged } from './records.js';

/** Keys of the records this store owns (docs/data-model.md). */
const templateKeys = {
  /** Sheet templates of a location, `sk = MPITEMPLATE#{id}`. */
  sheetTemplates: (companyId: string, locationId: string) => ({ pk: `COMPANY#${companyId}#LOCATION#${locationId}`, skPrefix: 'MPITEMPLATE#' }),
  sheetTemplate: (companyId: string, locationId: string, templateId: string) => ({
    pk: `COMPANY#${companyId}#LOCATION#${locationId}`,
    sk: `MPITEMPLATE#${templateId}`,
  }),
} as const;

export interface TemplateRecord extends SheetTemplate {
  company_id: string;
}

interface DefaultPointer {
  template_id: string;
}

/** The pointer to a location's default template of one vehicle type (next to its templates). */
function defaultKey(companyId: string, locationId: string, vehicleType: VehicleType) {
  return { pk: templateKeys.sheetTemplates(companyId, locationId).pk, sk: `MPIDEFAULT#${vehicleType}` };
}

export function templateItem(template: TemplateRecord): Item<TemplateRecord> {
  return { ...templateKeys.sheetTemplate(template.company_id, template.location_id, template.id), ...template };
}

/** The pointer item that makes `template` its type's default (seeding writes it with the template). */
export function defaultPointerItem(template: Pick<TemplateRecord, 'company_id' | 'location_id' | 'vehicle_type' | 'id'>) {
  return { ...defaultKey(template.company_id, template.location_id, template.vehicle_type), template_id: template.id };
}

export function templateView(template: TemplateRecord): SheetTemplate {
  const { company_id: _company, ...view } = template;
  return view;
}

export async function getTemplate(companyId: string, locationId: string, templateId: string): Promise<TemplateRecord | undefined> {
  const item = await getItem<TemplateRecord>(templateKeys.sheetTemplate(companyId, locationId, templateId), true);
  return item && fields(item);
}

export async function requireTemplate(companyId: string, locationId: string, templateId: string): Promise<TemplateRecord> {
  const template = await getTemplate(companyId, locationId, templateId);
  if (!template) throw notFound('Template not found');
  return template;
}

/** Default templates first, then by vehicle type and name. */
function byDefaultThenName(a: TemplateRecord, b: TemplateRecord): number {
  return Number(b.default) - Number(a.default) || a.vehicle_type.localeCompare(b.vehicle_type) || a.form_name.localeCompare(b.form_name) || a.id.localeCompare(b.id);
}

/** One page of a location's templates, archived ones apart (a location has tens, not thousands). */
export async function templatesOfLocation(companyId: string, locationId: string, archived: boolean, offset: number, limit: number) {
  const all = (await queryAll<TemplateRecord>(byPrefix(templateKeys.sheetTemplates(companyId, locationId)))).map((item) => fields(item));
  const listed = all.filter((t) => t.archived === archived).sort(byDefaultThenName);
  return { records: listed.slice(offset, offset + limit), total: listed.length };
}

/** The template new repair orders of this type get their sheet from, if the location has one. */
export async function defaultTemplate(companyId: string, locationId: string, vehicleType: VehicleType): Promise<TemplateRecord | undefined> {
  const pointer = await getItem<DefaultPointer>(defaultKey(companyId, locationId, vehicleType));
  if (!pointer) return undefined;
  const template = await getTemplate(companyId, locationId, pointer.template_id);
  return template && !template.archived ? template : undefined;
}

function templateFields(body: SheetTemplateBody) {
  const groups = keptGroups(checkGroups(body.groups));
  return { form_name: body.form_name, vehicle_type: body.vehicle_type, header: body.header, groups: groups.map((g) => ({ name: g.name, items: g.items.map((i) => ({ name: i.name })) })) };
}

/**
 * A new template. The first template of a vehicle type at a location becomes its default, so new
 * repair orders get sheets without a second step.
 */
export async function createTemplate(companyId: string, locationId: string, body: SheetTemplateBody, now = new Date().toISOString()): Promise<TemplateRecord> {
  const template: TemplateRecord = {
    id: newId('mpt'),
    company_id: companyId,
    location_id: locationId,
    ...templateFields(body),
    default: false,
    archived: false,
    version: 1,
    created_at: now,
    updated_at: now,
  };
  const pointer = defaultKey(companyId, locationId, template.vehicle_type);
  try {
    // Default when the type has none yet: the pointer is created in the same transaction.
    await transactWrite([
      { Put: { Item: templateItem({ ...template, default: true }), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { Item: { ...pointer, template_id: template.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
    ]);
    return { ...template, default: true };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
  await putItemIf(templateItem(template), 'attribute_not_exists(pk)');
  return template;
}

/** Saves an edit from the version the editor loaded (a stale one answers 409 mpi_changed). */
export async function editTemplate(current: TemplateRecord, body: SheetTemplateBody): Promise<TemplateRecord> {
  if (body.version !== undefined && body.version !== current.version) throw mpiChanged();
  if (current.archived) throw refusal('refused', 'template_archived');
  const changes = templateFields(body);
  const typeChanged = changes.vehicle_type !== current.vehicle_type;
  const next: TemplateRecord = {
    ...current,
    ...changes,
    // A default that changes vehicle type stops being the default of its old type.
    default: current.default && !typeChanged,
    version: current.version + 1,
    updated_at: new Date().toISOString(),
  };
  const writes: TransactWrite[] = [
    { Put: { Item: templateItem(next), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': current.version } } },
    ...(current.default && typeChanged ? [dropPointer(current)] : []),
  ];
  await writeOrChanged(writes);
  return next;
}

function dropPointer(template: TemplateRecord): TransactWrite {
  return {
    Delete: {
      Key: defaultKey(template.company_id, template.location_id, template.vehicle_type),
      ConditionExpression: 'attribute_not_exists(pk) OR template_id = :id',
      ExpressionAttributeValues: { ':id': template.id },
    },
  };
}

async function writeOrChanged(writes: TransactWrite[]): Promise<void> {
  try {
    await transactWrite(writes);
  } catch (err) {
    if (isConditionFailure(err)) throw mpiChanged();
    throw err;
  }
}

/** Archived templates are kept (sheets made from them name them) but listed apart and used for nothing new. */
export async function archiveTemplate(current: TemplateRecord): Promise<TemplateRecord> {
  if (current.archived) return current;
  const next: TemplateRecord = { ...current, archived: true, default: false, version: current.version + 1, updated_at: new Date().toISOString() };
  await writeOrChanged([
    { Put: { Item: templateItem(next), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': current.version } } },
    ...(current.default ? [dropPointer(current)] : []),
  ]);
  return next;
}

/**
 * Makes the template its type's default: one transaction moves the pointer (conditional on where
 * it pointed when read), sets this template's flag and clears the old default's. A concurrent
 * change of default makes it re-read and try again.
 */
export async function makeDefault(companyId: string, locationId: string, templateId: string): Promise<TemplateRecord> {
  for (let attempt = 0; ; attempt++) {
    const current = await requireTemplate(companyId, locationId, templateId);
    if (current.archived) throw refusal('refused', 'template_archived');
    const pointerKey = defaultKey(companyId, locationId, current.vehicle_type);
    const pointer = await getItem<DefaultPointer>(pointerKey, true);
    if (current.default && pointer?.template_id === current.id) return current;
    const now = new Date().toISOString();
    const next: TemplateRecord = { ...current, default: true, version: current.version + 1, updated_at: now };
    const writes: TransactWrite[] = [
      {
        Put: {
          Item: { ...pointerKey, template_id: current.id },
          ...(pointer
            ? { ConditionExpression: 'template_id = :old', ExpressionAttributeValues: { ':old': pointer.template_id } }
            : { ConditionExpression: 'attribute_not_exists(pk)' }),
        },
      },
      { Put: { Item: templateItem(next), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': current.version } } },
    ];
    if (pointer && pointer.template_id !== current.id) {
      writes.push({
        Update: {
          Key: templateKeys.sheetTemplate(companyId, locationId, pointer.template_id),
          UpdateExpression: 'SET #default = :false, version = version + :one, updated_at = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#default': 'default' },
          ExpressionAttributeValues: { ':false': false, ':one': 1, ':now': now },
        },
      });
    }
    try {
      await transactWrite(writes);
      return next;
    } catch (err) {
      if (!isConditionFailure(err) || attempt >= 4) throw isConditionFailure(err) ? mpiChanged() : err;
    }
  }
}
