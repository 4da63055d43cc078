/**
 * What the inspection PDF shows, read from the order, the location's settings and the uploads
 * bucket. Kept apart from the drawing (pdf.ts): gathering runs in the function's main bundle, the
 * drawing (pdf-lib, fontkit) is a file of its own loaded when a PDF is first drawn (storedPdf.ts).
 */
import { MAX_RENDITION_BYTES } from '../../shared/inspections/inspections.js';
import type { Locale } from '../../shared/locales.js';
import type { Vehicle } from '../../shared/customers.js';
import { config } from '../lib/config.js';
import { getLocation } from '../lib/locations.js';
import { logger } from '../lib/log.js';
import { countryOfLocation, displayPhone } from '../lib/phones.js';
import { readSettings } from '../lib/settings.js';
import { s3 } from '../lib/storage.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import type { SheetRecord, StoredSheetAttachment } from '../inspections/records.js';

export interface PdfPhoto {
  group: string;
  item: string;
  name: string;
  /** JPEG or PNG bytes; null when the picture could not be read (it is listed instead). */
  bytes: Uint8Array | null;
}

export interface PdfInput {
  /** The PDF's language. */
  locale: string;
  /** The location's money locale: amounts are in its currency whatever the language. */
  moneyLocale: Locale;
  timeZone: string;
  dealership: { name: string; phone: string; address: string };
  roNumber: string;
  customerName: string;
  vehicle: Vehicle;
  sheet: Pick<
    SheetRecord,
    'form_name' | 'header' | 'groups' | 'recommendations' | 'damage_details' | 'technician' | 'advisor' | 'completed_by_technician_at' | 'completed_by_advisor_at'
  >;
  photos: PdfPhoto[];
  videos: { group: string; item: string; name: string }[];
}

async function objectBytes(key: string): Promise<Uint8Array | null> {
  try {
    const { client, GetObjectCommand } = await s3();
    const out = await client.send(new GetObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
    return out.Body ? await out.Body.transformToByteArray() : null;
  } catch (err) {
    logger.warn('inspection photo not read', { key, error: (err as Error).message });
    return null;
  }
}

/** The picture the PDF shows of a photo: its small rendition, else the original when it is a small JPEG or PNG. */
function pictureKey(a: StoredSheetAttachment): string | null {
  if (a.small_key) return a.small_key;
  if ((a.content_type === 'image/jpeg' || a.content_type === 'image/png') && a.size <= MAX_RENDITION_BYTES) return a.key;
  return null;
}

/** What the PDF of this sheet shows, read from the order, the location and the bucket. */
export async function pdfInput(sheet: SheetRecord, ro: RepairOrderRecord, locale: string): Promise<PdfInput> {
  const [business, location] = await Promise.all([readSettings(ro.company_id, ro.location_id, 'business_information'), getLocation(ro.company_id, ro.location_id)]);
  const shown = sheet.attachments.filter((a) => a.verdict !== 'disapproved');
  const photos = await Promise.all(
    shown
      .filter((a) => a.kind === 'photo')
      .map(async (a): Promise<PdfPhoto> => {
        const key = pictureKey(a);
        return { group: a.group, item: a.item, name: a.name, bytes: key ? await objectBytes(key) : null };
      }),
  );
  const address = [business.address, [business.city, business.state, business.zipcode].filter(Boolean).join(' ')].filter((part) => part.trim() !== '').join(', ');
  return {
    locale,
    moneyLocale: location?.locale ?? 'en-us',
    timeZone: location?.timezone ?? 'UTC',
    dealership: {
      name: business.dealership_name.trim() || location?.name || '',
      // Formatted for the store's country, as its customers dial it.
      phone: displayPhone(business.phone.trim() || location?.phone || '', countryOfLocation({ phone: location?.phone ?? '' })),
      address: address || location?.address || '',
    },
    roNumber: ro.ro_id,
    customerName: [ro.customer_first_name, ro.customer_last_name].filter(Boolean).join(' '),
    vehicle: ro.vehicle,
    sheet,
    photos,
    videos: shown.filter((a) => a.kind === 'video').map((a) => ({ group: a.group, item: a.item, name: a.name })),
  };
}
