/**
 * The album store: one repair order's attachments and its share mark, in the order's own partition
 * (tenant first in the key). The only code that knows these keys.
 */
import type { AlbumAttachment, AlbumShare } from '../../shared/gallery/album.js';
import { batchWrite, fields, getItem, isConditionFailure, putItem, putItemIf, queryAll, queryPage, readPage, updateItem, type Page } from '../lib/table.js';

export const albumKeys = {
  /** The order's album: its attachments (`ATT#<id>`, ids sort by upload time) and its share mark. */
  attachment: (companyId: string, roId: string, attachmentId: string) => ({ pk: `COMPANY#${companyId}#ALBUM#${roId}`, sk: `ATT#${attachmentId}` }),
  share: (companyId: string, roId: string) => ({ pk: `COMPANY#${companyId}#ALBUM#${roId}`, sk: 'SHARE' }),
} as const;

/** The stored attachment: the answer's fields without its links, with the storage keys and the tenant. */
export interface AttachmentRecord extends Omit<AlbumAttachment, 'metadata'> {
  company_id: string;
  location_id: string;
  key: string;
  small_key: string | null;
  thumb_key: string | null;
}

export interface ShareRecord extends AlbumShare {
  company_id: string;
  repair_order_id: string;
  message_id: string | null;
}

const ofOrder = (companyId: string, roId: string) => ({
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :att)',
  ExpressionAttributeValues: { ':pk': albumKeys.share(companyId, roId).pk, ':att': 'ATT#' },
});

/** A new attachment (registered before its upload); its id is new, so it is written once. */
export async function putAttachment(record: AttachmentRecord): Promise<void> {
  await putItemIf({ ...albumKeys.attachment(record.company_id, record.repair_order_id, record.id), ...record }, 'attribute_not_exists(pk)');
}

/** Many attachments at once, for the bench's seed (ids new, so nothing to race with). */
export async function putAttachments(records: AttachmentRecord[]): Promise<void> {
  await batchWrite(records.map((record) => ({ ...albumKeys.attachment(record.company_id, record.repair_order_id, record.id), ...record })));
}

export async function getAttachment(companyId: string, roId: string, attachmentId: string, consistent = false): Promise<AttachmentRecord | undefined> {
  const item = await getItem<AttachmentRecord>(albumKeys.attachment(companyId, roId, attachmentId), consistent);
  return item ? fields(item) : undefined;
}

/**
 * One page of the order's attachments, oldest first. An album mostly fits its first page: read one
 * more than the page, and only when there is more is the album counted (a second read of it).
 */
export async function attachmentsOfOrder(companyId: string, roId: string, offset: number, limit: number): Promise<Page<AttachmentRecord>> {
  if (offset === 0) {
    const first = await readPage<AttachmentRecord>(ofOrder(companyId, roId), 0, limit + 1);
    if (first.length <= limit) return { items: first.map(fields), total: first.length, offset, limit };
  }
  const page = await queryPage<AttachmentRecord>(ofOrder(companyId, roId), offset, limit);
  return { ...page, items: page.items.map(fields) };
}

/** Every attachment of the order (an album holds dozens): for `album_present` and the customer's page. */
export async function everyAttachmentOfOrder(companyId: string, roId: string): Promise<AttachmentRecord[]> {
  return (await queryAll<AttachmentRecord>(ofOrder(companyId, roId))).map(fields);
}

type Changes = Partial<Pick<AttachmentRecord, 'caption' | 'description' | 'public' | 'archived' | 'state' | 'small_key' | 'thumb_key' | 'width' | 'height' | 'size' | 'content_type' | 'kind'>>;

/**
 * Changes an attachment's fields, if it exists (and, with `whileProcessing`, only while it still
 * waits for its file: a retried confirmation changes nothing). Answers the record after, or
 * undefined when the condition did not hold.
 */
export async function updateAttachment(
  companyId: string,
  roId: string,
  attachmentId: string,
  changes: Changes,
  at: string,
  whileProcessing = false,
): Promise<AttachmentRecord | undefined> {
  const entries = Object.entries({ ...changes, updated_at: at });
  const names = Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name]));
  const values = Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value]));
  try {
    const item = await updateItem<AttachmentRecord>({
      Key: albumKeys.attachment(companyId, roId, attachmentId),
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ConditionExpression: whileProcessing ? 'attribute_exists(pk) AND #state = :processing' : 'attribute_exists(pk)',
      ExpressionAttributeNames: { ...names, ...(whileProcessing ? { '#state': 'state' } : {}) },
      ExpressionAttributeValues: { ...values, ...(whileProcessing ? { ':processing': 'processing' } : {}) },
      ReturnValues: 'ALL_NEW',
    });
    return item ? fields(item) : undefined;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

export async function getShare(companyId: string, roId: string): Promise<ShareRecord | undefined> {
  const item = await getItem<ShareRecord>(albumKeys.share(companyId, roId));
  return item ? fields(item) : undefined;
}

/** The album was texted to the customer (the last share counts). */
export async function markShared(record: ShareRecord): Promise<void> {
  await putItem({ ...albumKeys.share(record.company_id, record.repair_order_id), ...record });
}
