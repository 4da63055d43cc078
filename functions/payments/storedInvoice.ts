/**
 * The invoice PDF as the uploads bucket keeps it: one file per request, language and whether it is
 * paid yet (a paid invoice says so), drawn the first time the customer asks for it once the DMS has
 * the order pre-invoiced or invoiced, and kept: its amounts never change on that request. pdf-lib
 * and the fonts load only when one must be drawn (invoicePdf.ts, a chunk of its own).
 */
import { isLocale, type Locale } from '../../shared/locales.js';
import { config } from '../lib/config.js';
import { lazyChunk } from '../lib/lazyChunk.js';
import { getLocation } from '../lib/locations.js';
import { countryOfLocation, displayPhone } from '../lib/phones.js';
import { readSettings } from '../lib/settings.js';
import { downloadUrl, storedAt, storePdf } from '../lib/storage.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import { INVOICE_PDF_CHUNK } from './invoiceChunk.js';
import type { PaymentRequestRecord } from './records.js';

const drawing = lazyChunk<typeof import('./invoicePdf.js')>(INVOICE_PDF_CHUNK.file, import.meta.url);
const URL_SECONDS = 3600;

export const invoiceKey = (record: Pick<PaymentRequestRecord, 'company_id' | 'repair_order_id' | 'id' | 'state'>, locale: string): string =>
  `payments/${record.company_id}/${record.repair_order_id}/invoice/${record.id}-${record.state === 'paid' ? 'paid' : 'due'}-${locale}.pdf`;

/** A signed link to the request's invoice in `locale`, drawn and stored first when it is not yet. */
export async function invoicePdfUrl(record: PaymentRequestRecord, ro: RepairOrderRecord, locale: Locale): Promise<string> {
  const reader = locale === 'debug' ? 'en-us' : locale;
  const key = invoiceKey(record, reader);
  if ((await storedAt(key)) === null) {
    const [business, location, { renderInvoicePdf }] = await Promise.all([
      readSettings(ro.company_id, ro.location_id, 'business_information'),
      getLocation(ro.company_id, ro.location_id),
      drawing(),
    ]);
    const address = [business.address, [business.city, business.state, business.zipcode].filter(Boolean).join(' ')].filter((part) => part.trim() !== '').join(', ');
    const bytes = await renderInvoicePdf({
      locale: reader,
      storeLocale: location && isLocale(location.locale) ? location.locale : 'en-us',
      timeZone: location?.timezone ?? 'UTC',
      dealership: {
        name: business.dealership_name.trim() || location?.name || '',
        address: address || location?.address || '',
        phone: displayPhone(business.phone.trim() || location?.phone || '', countryOfLocation({ phone: location?.phone ?? '' })),
      },
      roNumber: ro.ro_id,
      customer: [ro.customer_first_name, ro.customer_last_name].filter(Boolean).join(' '),
      vehicle: [ro.vehicle.year ? String(ro.vehicle.year) : '', ro.vehicle.make, ro.vehicle.model].filter((part) => part.trim() !== '').join(' '),
      issuedAt: ro.metadata.invoiced_at ?? record.sent_at ?? record.created_at,
      amounts: record,
      paidAt: record.state === 'paid' ? record.paid_at : null,
    });
    await storePdf(key, bytes, `invoice-${ro.ro_id}`);
  }
  return downloadUrl(config.uploadsBucket, key, URL_SECONDS);
}
