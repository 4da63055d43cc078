/**
 * "Share album" (gatekeeper `share_album`): the customer gets one text, naming the dealership, in
 * their language, with the visit page's link opened at the album (functions/visits/links.ts); the
 * page then shows the album's public, unarchived attachments. A refusal (the gatekeeper, consent,
 * quiet hours) answers the advisor and leaves the album unshared.
 */
import { GALLERY_ERRORS, type AlbumShare } from '../../shared/gallery/album.js';
import { agentRef, type AgentRecord } from '../lib/agents.js';
import { refused } from '../lib/errors.js';
import { refusedAnswer, sendAutomated } from '../messages/automated.js';
import { dealershipOf, localeOf } from '../messages/send.js';
import { repairOrderOwner } from '../repairOrders/owner.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import { visitUrl } from '../visits/links.js';
import { isShown } from './album.js';
import { everyAttachmentOfOrder, markShared } from './records.js';
import { shareAlbumText } from './texts.js';
import { publishTo } from '../lib/realtime.js';
import { channelsOfRepairOrder } from '../repairOrders/events.js';
import type { GalleryEvent } from '../../shared/gallery/events.js';

/** POST …/album/share: texts the album to the customer; answers the share. */
export async function shareAlbum(ro: RepairOrderRecord, agent: AgentRecord): Promise<AlbumShare> {
  const attachments = await everyAttachmentOfOrder(ro.company_id, ro.id);
  if (!attachments.some(isShown)) throw refused('nothing_public', GALLERY_ERRORS.nothing_public);
  const link = await visitUrl({ company_id: ro.company_id, location_id: ro.location_id, repair_order_id: ro.id }, 'album');
  const result = await sendAutomated(repairOrderOwner(ro), 'share_album', {
    agent,
    manual: true,
    gatekeeper: true,
    gatekeeperRule: 'share_album',
    words: (context) => ({ written: shareAlbumText(localeOf(context), dealershipOf(context).dealership, link) }),
  });
  if (result.refused) throw refusedAnswer(result.refused);
  const share: AlbumShare = { shared_at: new Date().toISOString(), shared_by: agentRef(agent) };
  await markShared({ ...share, company_id: ro.company_id, repair_order_id: ro.id, message_id: result.message?.id ?? null });
  const event: GalleryEvent = { type: 'album.changed', data: { repair_order_id: ro.id, location_id: ro.location_id, attachment_id: null } };
  await publishTo(ro.company_id, channelsOfRepairOrder(ro), event);
  return share;
}
