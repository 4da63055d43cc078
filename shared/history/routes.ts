/** History search's paths (ours: SPEC §7 names no search route). */
const enc = encodeURIComponent;

export const historyPaths = {
  /** GET ?q&advisor_id&closed_from&closed_to&scope&offset&limit → { results, meta.paging }. */
  search: (locationId: string, tab: string) => `/api/locations/${enc(locationId)}/history/${enc(tab)}`,
};

/** The console's read-only view of one found conversation. */
export const historyConversationPath = (tab: string, kind: string, id: string) => `/history/${enc(tab)}/${enc(kind)}/${enc(id)}`;
