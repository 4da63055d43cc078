/**
 * An order's album (issue 21 part 4): an upload is registered first (the attachment exists,
 * 'Attachment is processing', and the browser gets presigned slots under the album's own prefix),
 * then confirmed once the file and its renditions are stored (checked: lib/mediaUploads.ts). Captions,
 * descriptions, public or hidden, archived or not; `album_present` on the order says whether it has
 * anything to show. Agents with the order open hear every change (`album.changed`).
 */
import type * as z from 'zod/mini';
import { GALLERY_ERRORS, MAX_ALBUM_FILE_BYTES, type AlbumAttachment, type AlbumReply, type AlbumShare } from '../../shared/gallery/album.js';
import type { GalleryEvent } from '../../shared/gallery/events.js';
import type { albumConfirmBody, albumUploadBody } from '../../shared/gallery/schemas.js';
import type { AccessFlags } from '../../shared/access.js';
import { reachesLocation } from '../lib/access.js';
import { agentRef, type AgentRecord } from '../lib/agents.js';
import { DomainError, forbidden, notFound, refused } from '../lib/errors.js';
import { confirmedMediaKeys, isMedia, mediaKindOf, mediaLinks, mediaSlots, storedMedia, type MediaSlots } from '../lib/mediaUploads.js';
import { publishTo } from '../lib/realtime.js';
import type { Auth } from '../lib/session.js';
import { announce, changed, channelsOfRepairOrder } from '../repairOrders/events.js';
import { requireRepairOrder, updateRepairOrder, type RepairOrderRecord } from '../repairOrders/records.js';
import { attachmentsOfOrder, everyAttachmentOfOrder, getAttachment, getShare, putAttachment, updateAttachment, type AttachmentRecord } from './records.js';

/** Signed links in the console live an hour (the album is read again on every change). */
const CONSOLE_LINK_SECONDS = 3600;

/** Service agents, technicians, managers and admins work an order's album. */
export const worksAlbums = (flags: AccessFlags): boolean => flags.admin || flags.manager || flags.service || flags.technician;

const albumPrefix = (ro: Pick<RepairOrderRecord, 'company_id' | 'id'>) => `album/${ro.company_id}/${ro.id}/`;
const attachmentNotFound = () => notFound(GALLERY_ERRORS.not_found);

/** The order, if the acting agent works albums and reaches its store (another store's or company's: 404). */
export async function albumOrder(auth: Auth, roId: string): Promise<RepairOrderRecord> {
  if (!worksAlbums(auth.actingAs.access_level)) throw forbidden('You do not have access to the gallery');
  const ro = await requireRepairOrder(auth.companyId, roId);
  if (!reachesLocation(auth.actingAs, ro.location_id)) throw notFound('Repair order not found');
  return ro;
}

async function attachmentOf(ro: RepairOrderRecord, attachmentId: string, consistent = false): Promise<AttachmentRecord> {
  const record = await getAttachment(ro.company_id, ro.id, attachmentId, consistent);
  if (!record) throw attachmentNotFound();
  return record;
}

/** What the console shows of an attachment: no links while it is processing. */
export async function attachmentView(record: AttachmentRecord, seconds = CONSOLE_LINK_SECONDS): Promise<AlbumAttachment> {
  const { company_id: _company, location_id: _location, key, small_key, thumb_key, ...rest } = record;
  if (record.state !== 'ready') return { ...rest, metadata: null };
  const links = await mediaLinks({ key, small_key, thumb_key }, seconds);
  return { ...rest, metadata: { ...links, poster: record.kind === 'video' && thumb_key ? links.small : null } };
}

/** Shown to the customer once shared: ready, public and not archived. */
export const isShown = (record: AttachmentRecord): boolean => record.state === 'ready' && record.public && !record.archived;
const isPresent = (record: AttachmentRecord): boolean => record.state === 'ready' && !record.archived;

const shareView = (share: AlbumShare | undefined): AlbumShare => ({ shared_at: share?.shared_at ?? null, shared_by: share?.shared_by ?? null });

/** GET …/album: one page of attachments and whether (and when) the album was shared. */
export async function albumOf(ro: RepairOrderRecord, offset: number, limit: number): Promise<AlbumReply> {
  const [page, share] = await Promise.all([attachmentsOfOrder(ro.company_id, ro.id, offset, limit), getShare(ro.company_id, ro.id)]);
  return {
    album: shareView(share),
    attachments: await Promise.all(page.items.map((record) => attachmentView(record))),
    meta: { paging: { total: page.total, current_offset: offset, per_page: limit } },
  };
}

/** Tells the agents with the order open, and keeps `album_present` on the order true to the album. */
async function albumChanged(ro: RepairOrderRecord, attachmentId: string | null): Promise<void> {
  const present = (await everyAttachmentOfOrder(ro.company_id, ro.id)).some(isPresent);
  const { after } = await updateRepairOrder(ro.company_id, ro.id, (current) => (current.album_present === present ? null : { album_present: present }));
  const event: GalleryEvent = { type: 'album.changed', data: { repair_order_id: ro.id, location_id: ro.location_id, attachment_id: attachmentId } };
  await publishTo(ro.company_id, channelsOfRepairOrder(after), event);
  if (ro.album_present !== after.album_present) await announce(after, changed(after, 'album'));
}

type UploadRequest = z.infer<typeof albumUploadBody>;

/** POST …/album/attachments: the attachment (processing) and the slots its file and renditions go to. */
export async function registerUpload(ro: RepairOrderRecord, agent: AgentRecord, request: UploadRequest): Promise<{ attachment: AlbumAttachment; slots: MediaSlots }> {
  // SPEC §5 "Gallery upload" words a refused type its own way.
  if (!isMedia(request.content_type)) throw refused('unsupported_type', GALLERY_ERRORS.unsupported_type);
  const slots = await mediaSlots(albumPrefix(ro), request, MAX_ALBUM_FILE_BYTES);
  const { id } = confirmedMediaKeys(albumPrefix(ro), { key: slots.upload.key, small_key: slots.small?.key ?? null, thumb_key: slots.thumb?.key ?? null });
  const at = new Date().toISOString();
  const record: AttachmentRecord = {
    id,
    company_id: ro.company_id,
    location_id: ro.location_id,
    repair_order_id: ro.id,
    kind: mediaKindOf(request.content_type),
    state: 'processing',
    name: request.name,
    content_type: request.content_type,
    size: request.size,
    caption: request.caption,
    description: '',
    public: true,
    archived: false,
    width: null,
    height: null,
    uploaded_by: agentRef(agent),
    created_at: at,
    updated_at: at,
    key: slots.upload.key,
    small_key: null,
    thumb_key: null,
  };
  await putAttachment(record);
  await albumChanged(ro, id);
  return { attachment: await attachmentView(record), slots };
}

type Confirmation = z.infer<typeof albumConfirmBody>;

/** PUT …/confirm: the stored file (and renditions) checked, the attachment ready. A retried confirmation answers it as it is. */
export async function confirmUpload(ro: RepairOrderRecord, attachmentId: string, body: Confirmation): Promise<AlbumAttachment> {
  const record = await attachmentOf(ro, attachmentId, true);
  const { id } = confirmedMediaKeys(albumPrefix(ro), body);
  // The keys must be the ones registered for this attachment, not another upload of the album.
  if (id !== record.id || body.key !== record.key) throw refused('attachment_not_found', 'The attachment has not been uploaded');
  if (record.state === 'ready') return attachmentView(record);
  let stored: { size: number; contentType: string };
  try {
    stored = await storedMedia(body, MAX_ALBUM_FILE_BYTES);
  } catch (err) {
    if (err instanceof DomainError && err.id === 'unsupported_type') throw refused('unsupported_type', GALLERY_ERRORS.unsupported_type);
    throw err;
  }
  const after = await updateAttachment(
    ro.company_id,
    ro.id,
    record.id,
    { state: 'ready', small_key: body.small_key, thumb_key: body.thumb_key, width: body.width, height: body.height, size: stored.size, content_type: stored.contentType, kind: mediaKindOf(stored.contentType) },
    new Date().toISOString(),
    true,
  );
  const current = after ?? (await attachmentOf(ro, attachmentId, true));
  if (after) await albumChanged(ro, record.id);
  return attachmentView(current);
}

type Change = Partial<Pick<AttachmentRecord, 'caption' | 'description' | 'public' | 'archived'>>;

/** PUT …/archive, …/public, …/notes. */
export async function changeAttachment(ro: RepairOrderRecord, attachmentId: string, change: Change): Promise<AlbumAttachment> {
  const after = await updateAttachment(ro.company_id, ro.id, attachmentId, change, new Date().toISOString());
  if (!after) throw attachmentNotFound();
  await albumChanged(ro, attachmentId);
  return attachmentView(after);
}
