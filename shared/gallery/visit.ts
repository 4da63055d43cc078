/** The album's part of the customer's visit page (kind `album`), as functions/gallery/visitPart.ts loads it. */

export interface VisitAlbumItem {
  id: string;
  kind: 'photo' | 'video';
  caption: string;
  description: string;
  /** Signed GET links: the small rendition (a video's poster), the original. */
  small: string;
  orig: string;
  poster: string | null;
  width: number | null;
  height: number | null;
}

export interface VisitAlbum {
  items: VisitAlbumItem[];
  /** ISO: the links stop working then; the page is loaded again before. */
  links_expire_at: string;
}
