/**
 * A repair order's album (SPEC §3 "Gallery attachment", issue 21 part 4): photos and a video
 * walk-around the advisor or technician uploads, each with a caption and a description, public or
 * hidden on the customer's page, archived or not. The album is shared by text (gatekeeper
 * `share_album`); the customer then sees its public, unarchived attachments on the visit page.
 */
import type { AgentRef } from '../people.js';

/** SPEC §9: the same limit as every upload. */
export const MAX_ALBUM_FILE_BYTES = 512 * 1024 * 1024;
export const MAX_CAPTION = 200;
export const MAX_DESCRIPTION = 1600;
/** The album's first page (an order holds dozens, not thousands). */
export const ALBUM_PAGE = 100;

export const GALLERY_ERRORS = {
  /** SPEC §5 "Gallery upload". */
  unsupported_type: 'An error occurred, the file type may not be supported',
  /** SPEC §5 "Gallery load" (the console's words; the server never answers it). */
  load_failed: 'An error occurred loading gallery',
  processing: 'Attachment is processing',
  caption_long: `A caption can be at most ${MAX_CAPTION} characters`,
  description_long: `A description can be at most ${MAX_DESCRIPTION} characters`,
  nothing_public: 'There are no public photos or videos to share',
  not_found: 'Attachment not found',
} as const;

export type AttachmentKind = 'photo' | 'video';
/** `processing`: registered, not yet confirmed with its stored file (SPEC §5 'Attachment is processing'). */
export type AttachmentState = 'processing' | 'ready';

export interface AlbumAttachment {
  id: string;
  repair_order_id: string;
  kind: AttachmentKind;
  state: AttachmentState;
  name: string;
  content_type: string;
  size: number;
  caption: string;
  description: string;
  /** Shown on the customer's page once the album is shared. */
  public: boolean;
  archived: boolean;
  /** The small rendition's size in pixels (the page reserves its box), null when unknown. */
  width: number | null;
  height: number | null;
  uploaded_by: AgentRef | null;
  created_at: string;
  updated_at: string;
  /** Signed links (short-lived) once ready: the original, the small preview, the thumbnail (a video's poster). */
  metadata: { orig: string; small: string; thumb: string; poster: string | null } | null;
}

export interface AlbumShare {
  shared_at: string | null;
  shared_by: AgentRef | null;
}

/** GET /api/repair_orders/{id}/album. */
export interface AlbumReply {
  album: AlbumShare;
  attachments: AlbumAttachment[];
  meta: { paging: { total: number; current_offset: number; per_page: number } };
}
