/**
 * The gallery's part of the demo dealership (functions/lib/boardModule.ts `local.demo`): Emily
 * Chen's Tesla at Demo Motors North (RO 7010240) has an album of three photos (one hidden from the
 * customer) and a short walk-around video, shared with her, so the order's Gallery section and her
 * visit page show it. The media are small files made offline (demoMedia/make.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { config } from '../lib/config.js';
import { dmsRecordId } from '../lib/ids.js';
import { s3 } from '../lib/storage.js';
import { updateRepairOrder, getRepairOrder } from '../repairOrders/records.js';
import { writeVisitLink } from '../visits/links.js';

/** The demo album's visit page: http://localhost:3000/app/public/visits/<this> (README "Gallery"). */
export const DEMO_VISIT_TOKEN = 'demo-motors-north-ro-7010240-visit-page-001';
import { markShared, putAttachment, type AttachmentRecord } from './records.js';

const COMPANY = 'cmp_demo';
const NORTH = 'loc_demo_north';
const ADVISOR = { id: 'agt_advisor', first_name: 'Priya', last_name: 'Raman' };
const TECHNICIAN = { id: 'agt_tech', first_name: 'Luis', last_name: 'Ortega' };
const MEDIA = join(import.meta.dirname, 'demoMedia');

interface DemoFile {
  id: string;
  file: string;
  type: string;
  caption: string;
  description: string;
  public: boolean;
  /** The rendition the console would have made (a video's poster); photos serve as their own. */
  poster?: string;
  width: number;
  height: number;
}

const FILES: DemoFile[] = [
  { id: 'att_demo1', file: 'front-left-tyre.jpg', type: 'image/jpeg', caption: 'Front left tyre', description: '2 mm of tread left: we recommend replacing both front tyres.', public: true, width: 1024, height: 768 },
  { id: 'att_demo2', file: 'brake-pads.jpg', type: 'image/jpeg', caption: 'Front brake pads', description: 'Worn to 3 mm.', public: true, width: 1024, height: 768 },
  { id: 'att_demo3', file: 'wiper-blades.jpg', type: 'image/jpeg', caption: 'Wiper blades', description: 'For the shop: the customer asked us not to bring these up.', public: false, width: 1024, height: 768 },
  { id: 'att_demo4', file: 'walkaround.webm', type: 'video/webm', caption: 'Walk-around', description: 'Your car after the alignment.', public: true, poster: 'walkaround-poster.jpg', width: 640, height: 480 },
];

async function store(key: string, file: string, type: string): Promise<number> {
  const body = readFileSync(join(MEDIA, file));
  const { client, PutObjectCommand } = await s3();
  await client.send(new PutObjectCommand({ Bucket: config.uploadsBucket, Key: key, Body: body, ContentType: type }));
  return body.length;
}

export async function seedDemo(): Promise<void> {
  const ro = await getRepairOrder(COMPANY, dmsRecordId('ro', COMPANY, NORTH, 'repair_order', '7010240'), true);
  if (!ro) return;
  const start = Date.now() - 50 * 60_000;
  for (const [index, demo] of FILES.entries()) {
    const folder = `album/${COMPANY}/${ro.id}/${demo.id}/`;
    const size = await store(`${folder}${demo.file}`, demo.file, demo.type);
    let renditions: { small_key: string | null; thumb_key: string | null } = { small_key: null, thumb_key: null };
    if (demo.poster) {
      await store(`${folder}small.jpg`, demo.poster, 'image/jpeg');
      await store(`${folder}thumb.jpg`, demo.poster, 'image/jpeg');
      renditions = { small_key: `${folder}small.jpg`, thumb_key: `${folder}thumb.jpg` };
    }
    const at = new Date(start + index * 60_000).toISOString();
    const record: AttachmentRecord = {
      id: demo.id,
      company_id: COMPANY,
      location_id: NORTH,
      repair_order_id: ro.id,
      kind: demo.type.startsWith('video/') ? 'video' : 'photo',
      state: 'ready',
      name: demo.file,
      content_type: demo.type,
      size,
      caption: demo.caption,
      description: demo.description,
      public: demo.public,
      archived: false,
      width: demo.width,
      height: demo.height,
      uploaded_by: demo.poster ? ADVISOR : TECHNICIAN,
      created_at: at,
      updated_at: at,
      key: `${folder}${demo.file}`,
      ...renditions,
    };
    await putAttachment(record);
  }
  const sharedAt = new Date(start + 10 * 60_000);
  await markShared({ company_id: COMPANY, repair_order_id: ro.id, shared_at: sharedAt.toISOString(), shared_by: ADVISOR, message_id: null });
  await updateRepairOrder(COMPANY, ro.id, () => ({ album_present: true }));
  // The visit page's link, as the share text would have made it, with a token the README names so
  // a reader can open the customer's page; valid a year from the demo's start.
  await writeVisitLink(
    { company_id: COMPANY, location_id: NORTH, repair_order_id: ro.id, created_at: sharedAt.toISOString(), valid_until: new Date(start + 365 * 86_400_000).toISOString() },
    DEMO_VISIT_TOKEN,
  );
}
