/**
 * `POST /vcard_settings` (SPEC §7, multipart/form-data): the store's vCard settings and its logo in
 * one request. The `logo` file part is checked here (type by its first bytes and its declared type,
 * size; nothing in front of the function checks either) and stored where the landing pages tab's
 * upload puts the logo; the group's other fields come as form fields (`display_name` or
 * `vcard_settings[display_name]`). The group then changes through changeGroup like every settings
 * save, so open consoles hear it. A JSON body `{ vcard_settings: {...} }` is taken too.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { LANDING_IMAGE_ERRORS, LANDING_IMAGE_TYPES } from '../../shared/visits/branding.js';
import { ValidationError } from '../lib/errors.js';
import { changeGroup, coreGroupSchema } from '../lib/settings.js';
import { storeLandingImage } from './landingImages.js';

const KEY = 'vcard_settings';
/**
 * Lambda takes a request of at most 6 MB, and the API hands a file part to the function in base64
 * (a third larger): a logo sent in the form stays under 4 MB. (The landing pages tab uploads
 * straight to storage and takes 5 MB.)
 */
export const MAX_FORM_LOGO_BYTES = 4 * 1024 * 1024;
export const FORM_LOGO_TOO_LARGE = 'The image is too large: at most 4 MB';

type ImageType = (typeof LANDING_IMAGE_TYPES)[number];

/** The type the file's first bytes say it is, if it is one the page shows. */
function sniffedType(bytes: Uint8Array): ImageType | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP') return 'image/webp';
  return null;
}

const logoProblem = (message: string) => new ValidationError([{ message, path: `${KEY}.logo` }]);

interface VcardForm {
  fields: Record<string, unknown>;
  logo: { bytes: Uint8Array; type: ImageType } | null;
}

/** The form's fields and its logo, checked. */
export async function readVcardForm(event: APIGatewayProxyEventV2, parsedBody: unknown): Promise<VcardForm> {
  const contentType = event.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) {
    return { fields: ((parsedBody as Record<string, unknown> | null)?.[KEY] ?? {}) as Record<string, unknown>, logo: null };
  }
  const raw = Buffer.from(typeof event.body === 'string' ? event.body : '', event.isBase64Encoded ? 'base64' : 'utf8');
  let form: FormData;
  try {
    // The platform's own multipart reader (undici, as fetch uses it).
    form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new ValidationError([{ message: 'The request body is not valid multipart/form-data', path: KEY }]);
  }
  const fields: Record<string, unknown> = {};
  let logo: VcardForm['logo'] = null;
  for (const [rawName, value] of form) {
    const name = /^vcard_settings\[(.+)\]$/.exec(rawName)?.[1] ?? rawName;
    if (name === 'logo') {
      // A form with no file chosen still sends an empty part.
      if (typeof value === 'string' || value.size === 0) continue;
      if (value.size > MAX_FORM_LOGO_BYTES) throw logoProblem(FORM_LOGO_TOO_LARGE);
      const bytes = new Uint8Array(await value.arrayBuffer());
      const declared = value.type.split(';')[0]!.trim().toLowerCase();
      const sniffed = sniffedType(bytes);
      // A client that names no type (curl -F sends application/octet-stream) is judged by the bytes alone.
      const untyped = declared === '' || declared === 'application/octet-stream';
      if (!sniffed || (!untyped && sniffed !== declared)) throw logoProblem(LANDING_IMAGE_ERRORS.type);
      logo = { bytes, type: sniffed };
    } else if (name === 'logo_key') {
      // Only a file this store sent may become its logo: a key would name any object of the bucket.
      throw new ValidationError([{ message: 'Send the logo as the "logo" file part', path: `${KEY}.logo_key` }]);
    } else if (typeof value === 'string') {
      fields[name] = value;
    }
  }
  return { fields, logo };
}

/** Checks the fields, stores the logo, and changes the group. */
export async function saveVcardForm(companyId: string, locationId: string, form: VcardForm, agentId: string): Promise<Record<string, unknown>> {
  const schema = coreGroupSchema(KEY);
  // The fields first: a refused field leaves no stray file behind.
  const checked = schema.changes(form.fields);
  if (!checked.ok) throw new ValidationError(checked.errors);
  const changes = { ...checked.changes };
  if (form.logo) changes.logo_key = await storeLandingImage(companyId, locationId, 'logo', form.logo.bytes, form.logo.type);
  return changeGroup(companyId, locationId, KEY, schema, changes, agentId, { imageRoute: true });
}
