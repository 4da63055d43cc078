/**
 * Photos and videos of a sheet's items (SPEC §3 "attachments", §9 512 MB). The holder asks for
 * upload slots (presigned PUTs under the sheet's own prefix `mpi/{company}/{ro}/{attachment}/`),
 * the browser sends the file and, when it made them, a small JPEG preview and a thumbnail straight
 * to S3, then confirms; the confirmation checks the stored objects (a presigned PUT binds neither
 * size nor type, and local S3 checks nothing) and adds the attachment to the sheet. Confirmations
 * never fail on the sheet's version, so uploads from two devices both land.
 */
import type * as z from 'zod/mini';
import { MAX_MPI_ATTACHMENT_BYTES, type SheetAttachment } from '../../shared/inspections/inspections.js';
import type { attachmentConfirmBody, attachmentSlotBody } from '../../shared/inspections/schemas.js';
import type { AgentRecord } from '../lib/agents.js';
import { assertMedia, confirmedMediaKeys, isMedia, mediaKindOf, mediaSlots, storedMedia, type MediaKeys, type MediaSlots } from '../lib/mediaUploads.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import { agentRef } from '../lib/agents.js';
import { refusal } from './refusals.js';
import { announceSheet, attachmentView, updateSheet, type SheetRecord, type StoredSheetAttachment } from './records.js';
import { assertHolder, sameName } from './sheets.js';

export { tooLarge } from '../lib/mediaUploads.js';

type SlotRequest = z.infer<typeof attachmentSlotBody>;
type Confirmation = z.infer<typeof attachmentConfirmBody>;

export type AttachmentSlots = MediaSlots;

/** Only pictures and video show an item's condition. */
export const isInspectionMedia = isMedia;

const sheetPrefix = (ro: Pick<RepairOrderRecord, 'company_id' | 'id'>) => `mpi/${ro.company_id}/${ro.id}/`;

function itemOnSheet(sheet: SheetRecord, group: string, item: string): { group: string; item: string } {
  for (const g of sheet.groups) {
    if (!sameName(g.name, group)) continue;
    for (const i of g.items) if (sameName(i.name, item)) return { group: g.name, item: i.name };
  }
  throw refusal('refused', 'unknown_item', { group, item });
}

/** POST …/service_attachments: slots for one photo or video of an item, for the sheet's holder. */
export async function attachmentSlots(ro: RepairOrderRecord, sheet: SheetRecord, caller: AgentRecord, request: SlotRequest): Promise<AttachmentSlots> {
  assertHolder(sheet, caller);
  assertMedia(request, MAX_MPI_ATTACHMENT_BYTES);
  itemOnSheet(sheet, request.group, request.item);
  return mediaSlots(sheetPrefix(ro), request, MAX_MPI_ATTACHMENT_BYTES);
}

/** The keys of a confirmation, checked against the sheet's prefix (lib/mediaUploads.ts). */
export function confirmedKeys(ro: Pick<RepairOrderRecord, 'company_id' | 'id'>, body: MediaKeys): { id: string; folder: string } {
  return confirmedMediaKeys(sheetPrefix(ro), body);
}

/** PUT …/service_attachments: the uploaded file (and its renditions) joins the sheet. */
export async function confirmAttachment(ro: RepairOrderRecord, caller: AgentRecord, body: Confirmation): Promise<SheetRecord> {
  const { id } = confirmedKeys(ro, body);
  const original = await storedMedia(body, MAX_MPI_ATTACHMENT_BYTES);
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
      kind: mediaKindOf(original.contentType),
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
