/** @jsxImportSource preact */
/**
 * An item's photos and videos: thumbnails (lazy, fixed box so nothing jumps as they arrive) that
 * open the full-size original; videos play in place and fetch nothing until played.
 */
import type { PageAttachment } from './figures.js';
import type { Translate } from '../../../visitPage/texts.js';

/** The thumbnail box: renditions are at most 320 px on their longer side (RENDITION_EDGE.thumb), shown cropped square. */
const THUMB_EDGE = 160;

export function Media({ attachments, t }: { attachments: readonly PageAttachment[]; t: Translate }) {
  if (attachments.length === 0) return null;
  return (
    <ul class="media">
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          {attachment.kind === 'video' ? (
            <video
              controls
              playsInline
              preload="none"
              src={attachment.metadata.orig}
              poster={attachment.metadata.thumb !== attachment.metadata.orig ? attachment.metadata.thumb : undefined}
              width={THUMB_EDGE}
              height={THUMB_EDGE}
              aria-label={t('video_of', { item: attachment.item })}
            />
          ) : (
            <a href={attachment.metadata.orig} target="_blank" rel="noopener">
              <img
                data-testid="inspection-photo"
                src={attachment.metadata.thumb}
                alt={t('photo_of', { item: attachment.item })}
                loading="lazy"
                decoding="async"
                width={THUMB_EDGE}
                height={THUMB_EDGE}
              />
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
