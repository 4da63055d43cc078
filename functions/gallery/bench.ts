/**
 * The gallery at size (`npm run bench`, functions/lib/boardModule.ts `local.bench`): 10,000
 * attachments at the north store, 100 of them one order's album (a long walk-around session) and
 * the rest spread over 99 other orders. Figure: that album's first page as the order's Gallery
 * section reads it (p95, read capacity), each attachment with its signed links: its cost follows
 * the order's album, not the store's attachments.
 */
import pLimit from 'p-limit';
import { newId } from '../lib/ids.js';
import { putAttachments, type AttachmentRecord } from './records.js';

const COMPANY = 'cmp_demo';
const LOCATION = 'loc_demo_north';
const ATTACHMENTS = Number(process.env.BENCH_ATTACHMENTS ?? 10_000);
const IN_ALBUM = 100;
const ROUNDS = 40;

export interface GalleryFigures {
  attachments: number;
  album_size: number;
  seed_seconds: number;
  album_read: { rounds: number; median_ms: number; p95_ms: number; read_capacity_units: number };
}

function benchAttachment(roId: string, n: number): AttachmentRecord {
  const id = newId('att');
  const at = new Date(Date.now() - n * 1000).toISOString();
  const folder = `album/${COMPANY}/${roId}/${id}/`;
  return {
    id,
    company_id: COMPANY,
    location_id: LOCATION,
    repair_order_id: roId,
    kind: n % 10 === 0 ? 'video' : 'photo',
    state: 'ready',
    name: `photo-${n}.jpg`,
    content_type: n % 10 === 0 ? 'video/mp4' : 'image/jpeg',
    size: 2_400_000,
    caption: `Photo ${n}`,
    description: 'Front left tyre, 2 mm of tread left.',
    public: true,
    archived: false,
    width: 1280,
    height: 960,
    uploaded_by: { id: 'agt_advisor', first_name: 'Priya', last_name: 'Raman' },
    created_at: at,
    updated_at: at,
    key: `${folder}photo-${n}.jpg`,
    small_key: `${folder}small.jpg`,
    thumb_key: `${folder}thumb.jpg`,
  };
}

export async function benchBoard(url: string, signIn: (email: string) => Promise<string>): Promise<GalleryFigures> {
  const headers = { authorization: `Bearer ${await signIn('manager@demo.example')}` };
  const list = (await (await fetch(`${url}/api/locations/${LOCATION}/repair_orders?limit=1`, { headers })).json()) as { repair_orders: { id: string }[] };
  const roId = list.repair_orders[0]?.id;
  if (!roId) throw new Error('gallery bench: the demo store has no repair order');

  const started = performance.now();
  const others = Array.from({ length: 99 }, () => newId('ro'));
  const records = Array.from({ length: ATTACHMENTS }, (_, n) => benchAttachment(n < IN_ALBUM ? roId : others[n % others.length]!, n));
  const limit = pLimit(8);
  const chunks: AttachmentRecord[][] = [];
  for (let i = 0; i < records.length; i += 500) chunks.push(records.slice(i, i + 500));
  await Promise.all(chunks.map((chunk) => limit(() => putAttachments(chunk))));
  const seedSeconds = +((performance.now() - started) / 1000).toFixed(1);

  const durations: number[] = [];
  let read = Number.NaN;
  let size = 0;
  for (let round = -5; round < ROUNDS; round++) {
    const begin = performance.now();
    const res = await fetch(`${url}/api/repair_orders/${roId}/album?limit=100`, { headers });
    if (!res.ok) throw new Error(`gallery album read: ${res.status}`);
    size = ((await res.json()) as { meta: { paging: { total: number } } }).meta.paging.total;
    if (round >= 0) durations.push(performance.now() - begin);
    read = Number(/read=([\d.]+)/.exec(res.headers.get('x-consumed-capacity') ?? '')?.[1] ?? Number.NaN);
  }
  durations.sort((a, b) => a - b);
  const rank = (p: number) => +durations[Math.min(durations.length - 1, Math.ceil((p / 100) * durations.length) - 1)]!.toFixed(2);
  return {
    attachments: ATTACHMENTS,
    album_size: size,
    seed_seconds: seedSeconds,
    album_read: { rounds: ROUNDS, median_ms: rank(50), p95_ms: rank(95), read_capacity_units: read },
  };
}
