/** @jsxImportSource preact */
/**
 * The album on the customer's visit page (kind `album`): the photos and video the store shared,
 * each with its caption and description. Photos load lazily with their box reserved (width and
 * height), open full size; a video shows its poster and fetches nothing until played.
 */
import { useEffect, useState } from 'preact/hooks';
import type { VisitAlbum, VisitAlbumItem } from '../../../../../shared/gallery/visit.js';
import type { VisitPartProps } from '../../../visitPage/part.js';
import { albumWords, type AlbumWords } from './words.js';
import './album.css';

/** The box a photo or poster keeps while it loads, when the upload did not say its size. */
const BOX = { width: 320, height: 240 };

function Item({ item, words }: { item: VisitAlbumItem; words: AlbumWords }) {
  const size = item.width && item.height ? { width: item.width, height: item.height } : BOX;
  const label = item.caption || (item.kind === 'video' ? words.video : words.photo);
  return (
    <li>
      <figure>
        {item.kind === 'video' ? (
          <video controls playsInline preload="none" poster={item.poster ?? undefined} width={size.width} height={size.height} aria-label={label}>
            <source src={item.orig} />
          </video>
        ) : (
          <a href={item.orig} target="_blank" rel="noopener" aria-label={words.open.replace('{{caption}}', label)}>
            <img src={item.small} alt={label} loading="lazy" decoding="async" width={size.width} height={size.height} />
          </a>
        )}
        {item.caption || item.description ? (
          <figcaption>
            {item.caption ? <strong>{item.caption}</strong> : null}
            {item.description ? <p>{item.description}</p> : null}
          </figcaption>
        ) : null}
      </figure>
    </li>
  );
}

export default function AlbumPart({ data, locale }: VisitPartProps<VisitAlbum>) {
  const [words, setWords] = useState<AlbumWords | null>(null);
  useEffect(() => {
    let live = true;
    void albumWords(locale).then((loaded) => {
      if (live) setWords(loaded);
    });
    return () => {
      live = false;
    };
  }, [locale]);
  if (!words) return null;
  return (
    <section class="album" aria-labelledby="album-title">
      <h2 id="album-title">{words.title}</h2>
      <ul class="album-items">
        {data.items.map((item) => (
          <Item key={item.id} item={item} words={words} />
        ))}
      </ul>
    </section>
  );
}
