/** The album's paths, for its handlers and the console. */
const enc = encodeURIComponent;

export const galleryPaths = {
  /** GET: the order's album (SPEC §7 "GET album"). */
  album: (roId: string) => `/api/repair_orders/${enc(roId)}/album`,
  /** POST: register an upload (answers the attachment and its upload slots). */
  attachments: (roId: string) => `/api/repair_orders/${enc(roId)}/album/attachments`,
  /** PUT `…/confirm`, `…/archive`, `…/public`, `…/notes`. */
  attachment: (roId: string, attachmentId: string, action: 'confirm' | 'archive' | 'public' | 'notes') =>
    `/api/repair_orders/${enc(roId)}/album/attachments/${enc(attachmentId)}/${action}`,
  /** POST: text the customer the album (gatekeeper `share_album`). */
  share: (roId: string) => `/api/repair_orders/${enc(roId)}/album/share`,
};
