/**
 * Photos and videos of a sheet's items (SPEC §3 "attachments", §9 512 MB). The holder asks for
 * upload slots (presigned PUTs under the sheet's own prefix `mpi/{company}/{ro}/{attachment}/`),
 * the browser sends the file and, when it made them, a small JPEG preview and a thumbnail straight
 * to S3, then confirms; the confirmation checks the stored objects (a presigned PUT binds neither
 * size nor type, and local S3 checks nothing) and adds the attachment to the sheet. Confirmations
 * never fail on the sheet's version, so uploads from two devices both land.
 */
import type * as z from 'zod/mini';
import { MAX_MPI_ATTACHMENT_BYTES, MAX_RENDITION_BYTES, type SheetAttachment } from '../../shared/inspections/inspections.js';
import type { attachmentConfirmBody, attachmentSlotBody } from '../../shared/inspections/schemas.js';
import type { AgentRecord } from '../lib/agents.js';
import { config } from '../lib/config.js';
import { DomainError, refused } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { s3 } from '../lib/storage.js';
import { ATTACHMENT_ERRORS, isSvg, mediaType, safeFileName, unsupportedType } from '../messages/attachments.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import { agentRef } from '../lib/agents.js';
import { refusal } from './refusals.js';
import { announceSheet, attachmentView, updateSheet, type SheetRecord, type StoredSheetAttachment } from './records.js';
import { assertHolder, sameName } from './sheets.js';

type SlotRequest = z.infer<typeof attachmentSlotBody>;
type Confirmation = z.infer<typeof attachmentConfirmBody>;

const UPLOAD_URL_SECONDS = 15 * 60;
const RENDITION_TYPE = 'image/jpeg';

export interface UploadSlot {
  key: string;
  upload_url: string;
  headers: Record<string, string>;
}

export interface AttachmentSlots {
  upload: UploadSlot;
  small: UploadSlot | null;
  thumb: UploadSlot | null;
}

/** Only pictures and video show an item's condition. */
export function isInspectionMedia(contentType: string): boolean {
  const bare = mediaType(contentType);
  // SVG is no photo of a car, and it runs script where it is opened.
  return !isSvg(bare) && /^(image|video)\/[\w.+-]+$/.test(bare);
}

export const tooLarge = () => new DomainError('too_large', 'too_large', ATTACHMENT_ERRORS.too_large);
const notUploaded = () => refused('attachment_not_found', ATTACHMENT_ERRORS.not_uploaded);

const sheetPrefix = (ro: Pick<RepairOrderRecord, 'company_id' | 'id'>) => `mpi/${ro.company_id}/${ro.id}/`;

function itemOnSheet(sheet: SheetRecord, group: string, item: string): { group: string; item: string } {
  for (const g of sheet.groups) {
    if (!sameName(g.name, group)) continue;
    for (const i of g.items) if (sameName(i.name, item)) return { group: g.name, item: i.name };
  }
  throw refusal('refused', 'unknown_item', { group, item });
}

async function slot(key: string, contentType: string): Promise<UploadSlot> {
  const { client, PutObjectCommand, getSignedUrl } = await s3();
  const command = new PutObjectCommand({ Bucket: config.uploadsBucket, Key: key, ContentType: contentType });
  return { key, upload_url: await getSignedUrl(client, command, { expiresIn: UPLOAD_URL_SECONDS }), headers: { 'content-type': contentType } };
}

/** POST …/service_attachments: slots for one photo or video of an item, for the sheet's holder. */
export async function attachmentSlots(ro: RepairOrderRecord, sheet: SheetRecord, caller: AgentRecord, request: SlotRequest): Promise<AttachmentSlots> {
  assertHolder(sheet, caller);
  if (request.size > MAX_MPI_ATTACHMENT_BYTES) throw tooLarge();
  if (!isInspectionMedia(request.content_type)) throw unsupportedType(request.content_type);
  itemOnSheet(sheet, request.group, request.item);
  const folder = `${sheetPrefix(ro)}${newId('att')}/`;
  const [upload, small, thumb] = await Promise.all([
    slot(`${folder}${safeFileName(request.name)}`, request.content_type),
    request.renditions ? slot(`${folder}small.jpg`, RENDITION_TYPE) : null,
    request.renditions ? slot(`${folder}thumb.jpg`, RENDITION_TYPE) : null,
  ]);
  return { upload, small, thumb };
}

/** Size and type of a stored object; missing answers "not uploaded". */
async function stored(key: string): Promise<{ size: number; contentType: string }> {
  try {
    const { client, HeadObjectCommand } = await s3();
    const head = await client.send(new HeadObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
    return { size: head.ContentLength ?? 0, contentType: (head.ContentType ?? '').split(';')[0]!.trim().toLowerCase() };
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (err as Error).name === 'NotFound' || (err as Error).name === 'NoSuchKey') throw notUploaded();
    throw err;
  }
}

/**
 * The keys of a confirmation, checked against the sheet's prefix: the original under one
 * attachment folder, the renditions `small.jpg` and `thumb.jpg` in the same folder. Anything
 * else answers as if it had not been uploaded.
 */
export function confirmedKeys(ro: Pick<RepairOrderRecord, 'company_id' | 'id'>, body: Pick<Confirmation, 'key' | 'small_key' | 'thumb_key'>): { id: string; folder: string } {
  const prefix = sheetPrefix(ro);
  const match = body.key.startsWith(prefix) ? /^(att_[a-z0-9]+)\/([A-Za-z0-9._-]+)$/.exec(body.key.slice(prefix.length)) : null;
  if (!match || match[2] === 'small.jpg' || match[2] === 'thumb.jpg') throw notUploaded();
  const folder = `${prefix}${match[1]}/`;
  if (body.small_key !== null && body.small_key !== `${folder}small.jpg`) throw notUploaded();
  if (body.thumb_key !== null && body.thumb_key !== `${folder}thumb.jpg`) throw notUploaded();
  return { id: match[1]!, folder };
}

async function storedRendition(key: string | null): Promise<void> {
  if (key === null) return;
  const rendition = await stored(key);
  if (rendition.size > MAX_RENDITION_BYTES) throw tooLarge();
  if (rendition.contentType !== RENDITION_TYPE) throw unsupportedType(rendition.contentType);
}

/** PUT …/service_attachments: the uploaded file (and its renditions) joins the sheet. */
export async function confirmAttachment(ro: RepairOrderRecord, caller: AgentRecord, body: Confirmation): Promise<SheetRecord> {
  const { id } = confirmedKeys(ro, body);
  const [original] = await Promise.all([stored(body.key), storedRendition(body.small_key), storedRendition(body.thumb_key)]);
  if (original.size > MAX_MPI_ATTACHMENT_BYTES) throw tooLarge();
  if (!isInspectionMedia(original.contentType)) throw unsupportedType(original.contentType);
  const { after } = await updateSheet(ro.company_id, ro.id, (sheet) => {
    assertHolder(sheet, caller);
    // The same upload confirmed twice (a retried request) is on the sheet once.
    if (sheet.attachments.some((a) => a.id === id)) return {};
    const target = itemOnSheet(sheet, body.group, body.item);
    const attachment: StoredSheetAttachment = {
      id,
      group: target.group,
      item: target.item,
      name: body.name,
      content_type: original.contentType,
      size: original.size,
      kind: original.contentType.startsWith('video/') ? 'video' : 'photo',
      notes: body.notes,
      verdict: null,
      agent: agentRef(caller),
      created_at: new Date().toISOString(),
      key: body.key,
      small_key: body.small_key,
      thumb_key: body.thumb_key,
    };
    return { attachments: [...sheet.attachments, attachment] };
  });
  await announceSheet(after, ro, 'attachment_added');
  return after;
}

/** The gallery: every photo and video of the sheet with signed URLs. */
export function gallery(sheet: SheetRecord): Promise<SheetAttachment[]> {
  return Promise.all(sheet.attachments.map(attachmentView));
}
