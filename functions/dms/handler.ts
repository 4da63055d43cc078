/**
 * The DMS feed (area `dms`): the ingest routes a location's DMS posts to with its API key, and the
 * key management managers and admins do in the console with their bearer token.
 */
import * as z from 'zod/mini';
import { mayWriteSettings } from '../../shared/access.js';
import { dmsAppointment, dmsBatch, dmsCall, dmsCustomer, dmsRepairOrder } from '../../shared/schemas/dms.js';
import { forbidden, notFound } from '../lib/errors.js';
import { agentRoute, areaHandler, noContent, ok, parse, publicRoute, type AgentRequest, type Request, type Routes } from '../lib/http.js';
import '../messages/boards.js';
import { getLocation, type LocationRecord } from '../lib/locations.js';
import { logger } from '../lib/log.js';
import { ingestAppointment, appointmentIdOf } from './appointments.js';
import { callIdOf, ingestCall } from './calls.js';
import { customerIdOf, upsertDmsCustomer } from './customers.js';
import { dmsIdOf, feedContext, ingestEach, type FeedContext, type FeedResult, type RecordStatus } from './feed.js';
import { authenticateDmsKey, createDmsKey, dmsKeysOfLocation, dmsKeyView, revokeDmsKey } from './keys.js';
import { ingestRepairOrder, repairOrderIdOf } from './repairOrders.js';

const batch = dmsBatch(z.unknown());
const keyBody = z.object({ label: z.string().check(z.trim(), z.minLength(1, { message: 'A label is required' }), z.maxLength(80)) });

interface Feed<T> {
  schema: z.ZodMiniType<T>;
  /** The field of the record holding the DMS's id, and the console id made from it. */
  idField: string;
  idOf: (ctx: FeedContext, dmsId: string) => string;
  ingest: (ctx: FeedContext, record: T, raw: unknown) => Promise<RecordStatus>;
}

function feedRoute<T>(kind: string, feed: Feed<T>) {
  return publicRoute(async ({ params, headers, body }: Request) => {
    const key = await authenticateDmsKey(headers['x-api-key'], params.id ?? '');
    logger.appendKeys({ company_id: key.company_id, location_id: key.location_id, dms_key_id: key.id });
    const { records } = parse(batch, body);
    const ctx = await feedContext(key.company_id, key.location_id);
    const results: FeedResult[] = await ingestEach(
      records,
      feed.schema,
      (raw) => {
        const dmsId = dmsIdOf(raw, feed.idField);
        return { dmsId, id: dmsId ? feed.idOf(ctx, dmsId) : null };
      },
      (record, raw) => feed.ingest(ctx, record, raw),
    );
    const counts = Object.fromEntries(['created', 'updated', 'unchanged', 'error'].map((s) => [s, results.filter((r) => r.status === s).length]));
    // Refused records are the integrator's data problems: worth a warning; clean batches are routine.
    if (counts.error) logger.warn('DMS batch with refused records', { kind, ...counts, errors: results.filter((r) => r.error).slice(0, 10) });
    else logger.debug('DMS batch', { kind, ...counts });
    return ok({ results });
  });
}

/** Admins see every location of their company; others only their own (404 otherwise, as elsewhere). */
async function keyLocation(auth: AgentRequest['auth'], id: string): Promise<LocationRecord> {
  const me = auth.actingAs;
  if (!me.access_level.admin && me.location_id !== id) throw notFound('Location not found');
  const location = await getLocation(auth.companyId, id);
  if (!location) throw notFound('Location not found');
  if (!mayWriteSettings(me.access_level)) throw forbidden('Only managers and admins can manage DMS keys');
  return location;
}

export const routes: Routes = {
  'POST /dms/v1/locations/{id}/customers': feedRoute('customers', {
    schema: dmsCustomer,
    idField: 'dms_customer_id',
    idOf: customerIdOf,
    ingest: async (ctx, record, raw) => (await upsertDmsCustomer(ctx, record.dms_customer_id, record, raw)).status,
  }),
  'POST /dms/v1/locations/{id}/repair_orders': feedRoute('repair_orders', {
    schema: dmsRepairOrder,
    idField: 'dms_ro_id',
    idOf: repairOrderIdOf,
    ingest: ingestRepairOrder,
  }),
  'POST /dms/v1/locations/{id}/appointments': feedRoute('appointments', {
    schema: dmsAppointment,
    idField: 'dms_appointment_id',
    idOf: appointmentIdOf,
    ingest: ingestAppointment,
  }),
  'POST /dms/v1/locations/{id}/calls': feedRoute('calls', {
    schema: dmsCall,
    idField: 'call_id',
    idOf: callIdOf,
    ingest: (ctx, record) => ingestCall(ctx, record),
  }),

  'GET /api/locations/{id}/dms_keys': agentRoute(async ({ auth, params }) => {
    const location = await keyLocation(auth, params.id ?? '');
    const list = await dmsKeysOfLocation(auth.companyId, location.id);
    return ok({ dms_keys: list.map(dmsKeyView) });
  }),

  'POST /api/locations/{id}/dms_keys': agentRoute(async ({ auth, params, body }) => {
    const location = await keyLocation(auth, params.id ?? '');
    const { label } = parse(keyBody, body);
    const { key, secret } = await createDmsKey(auth.companyId, location.id, label, auth.agent.id);
    logger.info('DMS key created', { dms_key_id: key.id, location_id: location.id });
    // The secret is shown this once; only its hash is kept (and no idempotency replay keeps it).
    return ok({ dms_key: dmsKeyView(key), key: secret }, 201);
  }, { secretReply: true }),

  'DELETE /api/locations/{id}/dms_keys/{key_id}': agentRoute(async ({ auth, params }) => {
    const location = await keyLocation(auth, params.id ?? '');
    if (!(await revokeDmsKey(auth.companyId, location.id, params.key_id ?? ''))) throw notFound('DMS key not found');
    logger.info('DMS key revoked', { dms_key_id: params.key_id, location_id: location.id });
    return noContent();
  }),
};

export const handler = areaHandler('dms', routes);
