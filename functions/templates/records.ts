/**
 * The message templates store: one item per template, listed per owner (the company, a location, an
 * agent) on gsi1 in name order. The only code that knows these keys.
 *
 * The item's own key holds the company and the template's id, so a template is read by its id alone
 * and another company's id finds nothing; the list key holds the level and its owner, so each level's
 * list is one Query on its own partition. Each list keeps its counts per board in a counter item,
 * written in the same transaction as the template, so a page's total costs one read, not a count of
 * the whole list.
 */
import { TEMPLATE_BOARDS, type MessageTemplate, type TemplateBoard, type TemplateLevel } from '../../shared/templates/templates.js';
import { batchGet, batchWrite, fields, getItem, isConditionFailure, putItem, queryAll, readPage, transactWrite, type Item, type QueryInput, type TransactWrite } from '../lib/table.js';

export const templateKeys = {
  template: (companyId: string, templateId: string) => ({ pk: `COMPANY#${companyId}#TEMPLATE#${templateId}`, sk: 'TEMPLATE' }),
  /** gsi1: one owner's templates of a level, by name. */
  templatesOf: (companyId: string, level: TemplateLevel, ownerId: string) => ({ gsi1pk: `COMPANY#${companyId}#TEMPLATES#${level}#${ownerId}` }),
  /** One owner's list's counts, `n_<board>` each. */
  counts: (companyId: string, level: TemplateLevel, ownerId: string) => ({ pk: `COMPANY#${companyId}#TEMPLATES#${level}#${ownerId}`, sk: 'COUNT' }),
} as const;

type Counts = Partial<Record<`n_${TemplateBoard}`, number>>;

/** The count of one board's templates in an owner's list moves by `by`, in the template's transaction. */
function countWrite(record: TemplateRecord, by: number, also?: { board: TemplateBoard; by: number }): TransactWrite {
  const values: Record<string, number> = { ':by': by };
  let expression = `ADD n_${record.board} :by`;
  if (also) {
    expression += `, n_${also.board} :also`;
    values[':also'] = also.by;
  }
  return { Update: { Key: templateKeys.counts(record.company_id, record.level, record.owner_id), UpdateExpression: expression, ExpressionAttributeValues: values } };
}

/** How many templates a list holds: all of them, or those one board offers. */
function totalOf(counts: Counts | undefined, board: TemplateBoard | null): number {
  if (!counts) return 0;
  if (board) return (counts.n_all ?? 0) + (board === 'all' ? 0 : (counts[`n_${board}`] ?? 0));
  return TEMPLATE_BOARDS.reduce((sum, each) => sum + (counts[`n_${each}`] ?? 0), 0);
}

async function countsOf(companyId: string, owners: readonly { level: TemplateLevel; ownerId: string }[]): Promise<(Counts | undefined)[]> {
  const keys = owners.map((owner) => templateKeys.counts(companyId, owner.level, owner.ownerId));
  const found = await batchGet<Counts>(keys);
  return keys.map((key) => found.find((item) => item.pk === key.pk));
}

export interface TemplateRecord extends MessageTemplate {
  company_id: string;
}

/** Where a template sorts in its owner's list: by name regardless of case, the id keeping equal names apart. */
const nameOrder = (record: Pick<TemplateRecord, 'name' | 'id'>): string => `${record.name.toLowerCase()}#${record.id}`;

function templateItem(record: TemplateRecord): Item<TemplateRecord> {
  return { ...templateKeys.template(record.company_id, record.id), ...record, ...templateKeys.templatesOf(record.company_id, record.level, record.owner_id), gsi1sk: nameOrder(record) };
}

/** An owner's templates of a level, the board's and the ones for every board when `board` is given. */
function ownerQuery(companyId: string, level: TemplateLevel, ownerId: string, board: TemplateBoard | null): QueryInput {
  return {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': templateKeys.templatesOf(companyId, level, ownerId).gsi1pk, ...(board ? { ':all': 'all', ':board': board } : {}) },
    ...(board ? { FilterExpression: '#board IN (:all, :board)', ExpressionAttributeNames: { '#board': 'board' } } : {}),
  };
}

export interface TemplatePage {
  templates: TemplateRecord[];
  total: number;
}

/** One owner's templates of a level, a page in name order. */
export async function templatesOfOwner(companyId: string, level: TemplateLevel, ownerId: string, offset: number, limit: number): Promise<TemplatePage> {
  const [items, [counts]] = await Promise.all([readPage<TemplateRecord>(ownerQuery(companyId, level, ownerId, null), offset, limit), countsOf(companyId, [{ level, ownerId }])]);
  return { templates: items.map(fields), total: totalOf(counts, null) };
}

/**
 * The templates of several owners (an agent's company, location and own) as one list in name order:
 * each list is read only as far as the page reaches, and the pages merged.
 */
export async function templatesOfOwners(
  companyId: string,
  owners: readonly { level: TemplateLevel; ownerId: string }[],
  board: TemplateBoard | null,
  offset: number,
  limit: number,
): Promise<TemplatePage> {
  const [lists, counts] = await Promise.all([
    Promise.all(owners.map((owner) => readPage<TemplateRecord>(ownerQuery(companyId, owner.level, owner.ownerId, board), 0, offset + limit))),
    countsOf(companyId, owners),
  ]);
  const merged = lists.flat().sort((a, b) => (a.gsi1sk! < b.gsi1sk! ? -1 : a.gsi1sk! > b.gsi1sk! ? 1 : 0));
  return { templates: merged.slice(offset, offset + limit).map(fields), total: counts.reduce((sum, each) => sum + totalOf(each, board), 0) };
}

export async function getTemplate(companyId: string, templateId: string, consistent = false): Promise<TemplateRecord | undefined> {
  const item = await getItem<TemplateRecord>(templateKeys.template(companyId, templateId), consistent);
  return item ? fields(item) : undefined;
}

export async function createTemplate(record: TemplateRecord): Promise<void> {
  await transactWrite([{ Put: { Item: templateItem(record), ConditionExpression: 'attribute_not_exists(pk)' } }, countWrite(record, 1)]);
}

/**
 * Writes a changed template if it is still there and unchanged since `read` (its `updated_at`):
 * of two edits at once, the second is told (a conflict) rather than silently undoing the first.
 * Answers false when it was deleted or changed meanwhile.
 */
export async function replaceTemplate(read: TemplateRecord, next: TemplateRecord): Promise<boolean> {
  const writes: TransactWrite[] = [
    { Put: { Item: templateItem(next), ConditionExpression: 'attribute_exists(pk) AND updated_at = :read', ExpressionAttributeValues: { ':read': read.updated_at } } },
  ];
  if (next.board !== read.board) writes.push(countWrite(next, 1, { board: read.board, by: -1 }));
  return writtenIf(writes);
}

/** Deletes a template; answers false when it was already gone. */
export async function deleteTemplate(record: TemplateRecord): Promise<boolean> {
  return writtenIf([{ Delete: { Key: templateKeys.template(record.company_id, record.id), ConditionExpression: 'attribute_exists(pk)' } }, countWrite(record, -1)]);
}

/** A transaction whose condition may fail: whether it was written. */
async function writtenIf(writes: TransactWrite[]): Promise<boolean> {
  try {
    await transactWrite(writes);
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * Writes templates as given (the demo, the bench), 25 to a call, then sets each list's counts to
 * what it holds: written again, the same templates count once.
 */
export async function putTemplates(records: readonly TemplateRecord[]): Promise<void> {
  await batchWrite(records.map(templateItem));
  const lists = new Map(records.map((record) => [`${record.company_id}#${record.level}#${record.owner_id}`, record]));
  for (const record of lists.values()) {
    const held = await queryAll<Pick<TemplateRecord, 'board'>>({ ...ownerQuery(record.company_id, record.level, record.owner_id, null), ProjectionExpression: '#board', ExpressionAttributeNames: { '#board': 'board' } });
    const counts: Counts = {};
    for (const { board } of held) counts[`n_${board}`] = (counts[`n_${board}`] ?? 0) + 1;
    await putItem({ ...templateKeys.counts(record.company_id, record.level, record.owner_id), ...counts });
  }
}
