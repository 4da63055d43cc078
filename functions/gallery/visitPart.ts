/**
 * The album's part of the customer's visit page (kind `album`, functions/visits/part.ts): once the
 * album was shared, its public, unarchived photos and videos with signed links that expire; nothing
 * (null) before it is shared or while nothing in it is public.
 */
import type { VisitAlbum } from '../../shared/gallery/visit.js';
import type { VisitPart } from '../visits/part.js';
import { mediaLinks } from '../lib/mediaUploads.js';
import { isShown } from './album.js';
import { everyAttachmentOfOrder, getShare } from './records.js';

/** The page's links work this long; the page is opened again from the text for a later look. */
export const VISIT_LINK_SECONDS = 6 * 3600;

export async function loadAlbum(company_id: string, repair_order_id: string, now: Date): Promise<VisitAlbum | null> {
  const share = await getShare(company_id, repair_order_id);
  if (!share?.shared_at) return null;
  const shown = (await everyAttachmentOfOrder(company_id, repair_order_id)).filter(isShown);
  if (shown.length === 0) return null;
  const items = await Promise.all(
    shown.map(async (record) => {
      const links = await mediaLinks({ key: record.key, small_key: record.small_key, thumb_key: record.thumb_key }, VISIT_LINK_SECONDS);
      return {
        id: record.id,
        kind: record.kind,
        caption: record.caption,
        description: record.description,
        small: links.small,
        orig: links.orig,
        poster: record.kind === 'video' && record.small_key ? links.small : null,
        width: record.width,
        height: record.height,
      };
    }),
  );
  return { items, links_expire_at: new Date(now.getTime() + VISIT_LINK_SECONDS * 1000).toISOString() };
}

export const albumPart: VisitPart = {
  kind: 'album',
  position: 20,
  load: ({ visit, now }) => loadAlbum(visit.company_id, visit.repair_order_id, now),
};
