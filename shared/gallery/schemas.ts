/** What the console sends for an order's album, checked at the edge (SPEC §5 texts). */
import * as z from 'zod/mini';
import { GALLERY_ERRORS, MAX_ALBUM_FILE_BYTES, MAX_CAPTION, MAX_DESCRIPTION } from './album.js';

const key = z.string().check(z.minLength(1), z.maxLength(300));
const pixels = z.nullable(z.number().check(z.int(), z.gte(1), z.lte(20_000)));

/** POST …/album/attachments: a file about to be uploaded (its slots answer). */
export const albumUploadBody = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  content_type: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  size: z.number().check(z.int(), z.gte(1), z.lte(MAX_ALBUM_FILE_BYTES, { message: 'File size limit is 512 MB' })),
  /** The browser made a small preview and a thumbnail (JPEG) and uploads them too. */
  renditions: z._default(z.boolean(), false),
  caption: z._default(z.string().check(z.trim(), z.maxLength(MAX_CAPTION, GALLERY_ERRORS.caption_long)), ''),
});

/** PUT …/album/attachments/{attachment_id}/confirm: the file (and its renditions) are stored. */
export const albumConfirmBody = z.object({
  key,
  small_key: z._default(z.nullable(key), null),
  thumb_key: z._default(z.nullable(key), null),
  width: z._default(pixels, null),
  height: z._default(pixels, null),
});

/** PUT …/notes: the caption and the description (SPEC §7 "PUT notes"). */
export const albumNotesBody = z.object({
  caption: z.string().check(z.trim(), z.maxLength(MAX_CAPTION, GALLERY_ERRORS.caption_long)),
  description: z.string().check(z.trim(), z.maxLength(MAX_DESCRIPTION, GALLERY_ERRORS.description_long)),
});

/** PUT …/public: shown on the customer's page or hidden. */
export const albumPublicBody = z.object({ public: z.boolean() });

/** PUT …/archive: archived (the default) or back in the album. */
export const albumArchiveBody = z.object({ archived: z._default(z.boolean(), true) });
