/**
 * The gallery area: an order's album (SPEC §7 "Attachments: PUT archive, PUT public toggle, PUT
 * notes; GET album"), its uploads straight to storage, and "Share album" by text.
 */
import { ALBUM_PAGE } from '../../shared/gallery/album.js';
import { albumArchiveBody, albumConfirmBody, albumNotesBody, albumPublicBody, albumUploadBody } from '../../shared/gallery/schemas.js';
import { agentRoute, areaHandler, ok, paging, parse, type Routes } from '../lib/http.js';
import '../messages/boards.js';
import { albumOf, albumOrder, changeAttachment, confirmUpload, registerUpload } from './album.js';
import { shareAlbum } from './share.js';

const ATTACHMENT = '/api/repair_orders/{id}/album/attachments/{attachment_id}';

export const routes: Routes = {
  'GET /api/repair_orders/{id}/album': agentRoute(async ({ auth, params, query }) => {
    const ro = await albumOrder(auth, params.id ?? '');
    const { offset, limit } = paging(query, ALBUM_PAGE);
    return ok(await albumOf(ro, offset, limit));
  }),

  'POST /api/repair_orders/{id}/album/attachments': agentRoute(async ({ auth, params, body }) => {
    const ro = await albumOrder(auth, params.id ?? '');
    return ok(await registerUpload(ro, auth.actingAs, parse(albumUploadBody, body)), 201);
  }),

  [`PUT ${ATTACHMENT}/confirm`]: agentRoute(async ({ auth, params, body }) => {
    const ro = await albumOrder(auth, params.id ?? '');
    return ok({ attachment: await confirmUpload(ro, params.attachment_id ?? '', parse(albumConfirmBody, body)) });
  }),

  [`PUT ${ATTACHMENT}/archive`]: agentRoute(async ({ auth, params, body }) => {
    const ro = await albumOrder(auth, params.id ?? '');
    const { archived } = parse(albumArchiveBody, body);
    return ok({ attachment: await changeAttachment(ro, params.attachment_id ?? '', { archived }) });
  }),

  [`PUT ${ATTACHMENT}/public`]: agentRoute(async ({ auth, params, body }) => {
    const ro = await albumOrder(auth, params.id ?? '');
    return ok({ attachment: await changeAttachment(ro, params.attachment_id ?? '', { public: parse(albumPublicBody, body).public }) });
  }),

  [`PUT ${ATTACHMENT}/notes`]: agentRoute(async ({ auth, params, body }) => {
    const ro = await albumOrder(auth, params.id ?? '');
    return ok({ attachment: await changeAttachment(ro, params.attachment_id ?? '', parse(albumNotesBody, body)) });
  }),

  'POST /api/repair_orders/{id}/album/share': agentRoute(async ({ auth, params }) => {
    const ro = await albumOrder(auth, params.id ?? '');
    return ok({ album: await shareAlbum(ro, auth.actingAs) });
  }),
};

export const handler = areaHandler('gallery', routes);
