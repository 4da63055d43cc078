/**
 * The API areas: one Lambda each, and the HTTP API routes it answers (SPEC §7 paths). CDK creates
 * the functions and routes from this list; the local server matches requests with it; each area's
 * handler answers exactly these route keys (a unit test holds them together).
 */
export interface ApiArea {
  /** Lambda entry, relative to the project root; exports `handler`. */
  entry: string;
  routes: readonly string[];
}

export const API_AREAS = {
  sessions: {
    entry: 'functions/sessions/handler.ts',
    routes: [
      'POST /agent_sessions/login_probe',
      'POST /agent_sessions/login_jwt',
      'POST /agent_sessions/refresh',
      'DELETE /agent_sessions/logout_jwt',
      'POST /agent_sessions/impersonate',
      'POST /password_reset_request',
      'POST /password_reset',
      'POST /magic_sessions',
    ],
  },
  agents: {
    entry: 'functions/agents/handler.ts',
    routes: [
      'GET /api/agents',
      'GET /api/agents/me',
      'GET /api/agents/colleagues',
      'GET /api/agents/colleagues/impersonatable',
      'GET /api/agents/{id}',
      'POST /api/agents/{id}/magic_link',
      'GET /api/templates/me',
      'GET /api/logo',
      'GET /api/releases/app',
    ],
  },
  locations: {
    entry: 'functions/locations/handler.ts',
    routes: [
      'GET /api/locations',
      'GET /api/locations/{id}',
      'PUT /api/locations/{id}',
      'GET /api/locations/{id}/agents',
      'GET /api/locations/{id}/{settings_key}',
      'POST /api/locations/{id}/{settings_key}',
    ],
  },
  notifications: {
    entry: 'functions/notifications/handler.ts',
    routes: ['POST /api/notifications/tickets'],
  },
  repairOrders: {
    entry: 'functions/repairOrders/handler.ts',
    routes: [
      'GET /api/locations/{id}/repair_orders',
      'GET /api/locations/{id}/repair_orders/inbox',
      'GET /api/repair_orders/{id}',
      'PUT /api/repair_orders/{id}/agent',
      'PUT /api/repair_orders/{id}/archive',
      'PUT /api/repair_orders/{id}/unarchive',
      'PUT /api/repair_orders/{id}/read',
      'PUT /api/repair_orders/{id}/unread',
      'GET /api/repair_orders/{id}/vehicle_ready',
      'POST /api/repair_orders/{id}/vehicle_ready',
    ],
  },
  messages: {
    entry: 'functions/messages/handler.ts',
    routes: [
      'GET /api/repair_orders/{id}/messages',
      'POST /api/repair_orders/{id}/messages',
      'GET /api/appointments/{id}/messages',
      'POST /api/appointments/{id}/messages',
      'PUT /api/messages/{id}/retry',
      'PUT /api/messages/{id}',
      'PUT /api/messages/{id}/cancel',
      'POST /api/locations/{id}/mass_messages',
      'GET /api/mass_messages/{id}',
      'POST /api/attachments',
    ],
  },
  /** The appointments board (its conversations are the messages area's). */
  appointments: {
    entry: 'functions/appointments/handler.ts',
    routes: [
      'GET /api/locations/{id}/appointments/inbox',
      'GET /api/locations/{id}/notes/appointments',
      'GET /api/locations/{id}/appointments/{appointment_id}',
      'POST /api/locations/{id}/appointments',
      'POST /api/locations/{id}/customers/{customer_id}/appointments',
      'POST /api/locations/{id}/customers/search',
      'PUT /api/appointments/{id}/confirm',
      'PUT /api/appointments/{id}/cancel',
      'PUT /api/appointments/{id}/archive',
      'PUT /api/appointments/{id}/agents/null/read',
      'PUT /api/appointments/{id}/agents/null/unread',
    ],
  },
  customers: {
    entry: 'functions/customers/handler.ts',
    routes: [
      'GET /api/customers/{id}',
      'PUT /api/customers/{id}/opt_out',
      'PUT /api/customers/{id}/block',
      'PUT /api/customers/{id}/unblock',
      'GET /api/customers/{id}/consent',
      'GET /api/customers/{id}/{board}/calls',
    ],
  },
  dms: {
    entry: 'functions/dms/handler.ts',
    routes: [
      'POST /dms/v1/locations/{id}/customers',
      'POST /dms/v1/locations/{id}/repair_orders',
      'POST /dms/v1/locations/{id}/appointments',
      'POST /dms/v1/locations/{id}/calls',
      'GET /api/locations/{id}/dms_keys',
      'POST /api/locations/{id}/dms_keys',
      'DELETE /api/locations/{id}/dms_keys/{key_id}',
    ],
  },
  /** Multi-point inspections: templates, queues, claims, the sheet, its photos and videos, MPI settings. */
  inspections: {
    entry: 'functions/inspections/handler.ts',
    routes: [
      'GET /api/locations/{id}/tech/mpi/sheets/{type}',
      'GET /api/locations/{id}/tech/mpi/sheets/inbox/manager',
      'GET /api/locations/{id}/tech/mpi/repair_orders/inbox',
      'GET /api/locations/{id}/tech/mpi/sheet_templates',
      'POST /api/locations/{id}/tech/mpi/sheet_templates',
      'PUT /api/locations/{id}/tech/mpi/sheet_templates/{template_id}',
      'PUT /api/locations/{id}/tech/mpi/sheet_templates/{template_id}/archive',
      'PUT /api/locations/{id}/tech/mpi/sheet_templates/{template_id}/default',
      'GET /api/locations/{id}/tech/mpi/settings',
      'PUT /api/locations/{id}/tech/mpi/settings',
      'GET /api/locations/{id}/tech/mpi/technicians',
      'GET /api/tech/mpi/repair_orders/{id}/technician/sheet',
      'GET /api/tech/mpi/repair_orders/{id}/advisor/sheet',
      'PUT /api/tech/mpi/repair_orders/{id}/sheet',
      'PUT /api/tech/mpi/repair_orders/{id}/technician/claim',
      'PUT /api/tech/mpi/repair_orders/{id}/advisor/claim',
      'PUT /api/tech/mpi/repair_orders/{id}/reclaim',
      'PUT /api/tech/mpi/repair_orders/{id}/technician/complete',
      'PUT /api/tech/mpi/repair_orders/{id}/advisor/complete',
      'PUT /api/tech/mpi/repair_orders/{id}/template',
      'GET /api/tech/mpi/repair_orders/{id}/technician/service_attachments',
      'POST /api/tech/mpi/repair_orders/{id}/service_attachments',
      'PUT /api/tech/mpi/repair_orders/{id}/service_attachments',
    ],
  },
  /** The advisor's side of recommended work: decisions, the PDF, sending the sheet to the customer. */
  recommendations: {
    entry: 'functions/recommendations/handler.ts',
    routes: [
      'PUT /api/tech/mpi/repair_orders/{id}/recommendations/{recommendation_id}',
      'POST /api/tech/mpi/repair_orders/{id}/pdf',
      'POST /api/tech/mpi/repair_orders/{id}/send_to_customer',
    ],
  },
  /** The customer's inspection page behind an unguessable, expiring link: no sign-in. */
  customerInspections: {
    entry: 'functions/customerInspections/handler.ts',
    routes: [
      'GET /api/public/inspections/{token}',
      'PUT /api/public/inspections/{token}/recommendations/{recommendation_id}',
      'GET /api/public/inspections/{token}/pdf',
    ],
  },
} as const satisfies Record<string, ApiArea>;

export type AreaName = keyof typeof API_AREAS;

/** The server-sent event stream: a function URL with response streaming, at /events. */
export const EVENTS_ENTRY = 'functions/events/handler.ts';
/** Scheduled jobs, invoked by EventBridge Scheduler with `{ job: JobName }`. */
export const JOBS_ENTRY = 'functions/jobs/handler.ts';

/**
 * SNS topics the carrier publishes to (inbound texts, delivery receipts) and the Lambda each one
 * feeds. In AWS they are SNS subscriptions; locally the carrier calls the same handler with the
 * same SNS event.
 */
export const CARRIER_TOPICS = {
  inbound_sms: { entry: 'functions/inbound/handler.ts' },
  delivery_receipts: { entry: 'functions/inbound/handler.ts' },
} as const;
export type CarrierTopic = keyof typeof CARRIER_TOPICS;

/** Scheduled jobs: EventBridge Scheduler invokes the jobs Lambda with `{ job: name }` at this rate. */
export const JOBS = {
  presence_sweep: { rateMinutes: 5 },
  /** Texts held for quiet hours or a chosen time go out when due. */
  scheduled_messages: { rateMinutes: 1 },
  /** No text stays queued: texts left queued or mid-send past a short grace are sent once or reconciled. */
  message_sweep: { rateMinutes: 1 },
  /** Auto-close idle repair orders and auto-archive closed or idle ones (service_settings days). */
  repair_order_housekeeping: { rateMinutes: 60 },
  /** Work the customer declined on an inspection: the work-declined notice after service_settings days. */
  work_declined_notices: { rateMinutes: 60 },
  /** Appointment reminders, remind-days before each appointment (appointments_settings). */
  appointment_reminders: { rateMinutes: 1 },
  /** Service reminders, months after a customer's last visit (reminder_settings). */
  service_reminders: { rateMinutes: 60 },
  /** Mass texts: each is started at once when requested; this resumes any whose worker stopped. */
  mass_messages: { rateMinutes: 1 },
} as const;
export type JobName = keyof typeof JOBS;
