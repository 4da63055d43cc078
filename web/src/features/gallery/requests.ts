/** The album's calls (contract: shared/gallery). */
import type { AlbumAttachment, AlbumShare } from '../../../../shared/gallery/album.js';
import { galleryPaths } from '../../../../shared/gallery/routes.js';
import type { MediaSlots } from '../../../../shared/media.js';
import { api } from '../../lib/api.js';

type Attachment = { attachment: AlbumAttachment };

export const registerUpload = (roId: string, body: { name: string; content_type: string; size: number; renditions: boolean }, signal?: AbortSignal) =>
  // The section words a refused upload itself (SPEC §5 "Gallery upload").
  api.request<Attachment & { slots: MediaSlots }>(galleryPaths.attachments(roId), { method: 'POST', body, signal, expected: { statuses: [413, 422] } });

export const confirmUpload = (roId: string, id: string, body: { key: string; small_key: string | null; thumb_key: string | null; width: number | null; height: number | null }) =>
  api.request<Attachment>(galleryPaths.attachment(roId, id, 'confirm'), { method: 'PUT', body, expected: { statuses: [413, 422] } });

export const saveNotes = (roId: string, id: string, body: { caption: string; description: string }) =>
  api.request<Attachment>(galleryPaths.attachment(roId, id, 'notes'), { method: 'PUT', body });

export const setPublic = (roId: string, id: string, shown: boolean) => api.request<Attachment>(galleryPaths.attachment(roId, id, 'public'), { method: 'PUT', body: { public: shown } });

export const setArchived = (roId: string, id: string, archived: boolean) => api.request<Attachment>(galleryPaths.attachment(roId, id, 'archive'), { method: 'PUT', body: { archived } });

export const shareAlbum = (roId: string) => api.request<{ album: AlbumShare }>(galleryPaths.share(roId), { method: 'POST' });
