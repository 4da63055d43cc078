/**
 * Multi-point inspections (SPEC §3 "MPI sheet", "Sheet template", §4 "MPI", §6, §7 "MPI"): the
 * shapes the API answers and the console and the customer's page read. One sheet per repair order;
 * a technician claims it from the pool, fills it out and completes it; an advisor claims or
 * reclaims it, prices the recommended work, completes it and sends it to the customer, who
 * approves or declines each recommendation from a link.
 */
import type { AgentRef } from '../people.js';
import type { Vehicle } from '../customers.js';
import type { ItemStatus } from './itemStatus.js';

export { ITEM_STATUS, type ItemStatus } from './itemStatus.js';
export const ITEM_STATUSES: readonly ItemStatus[] = [-1, 0, 1, 2];

export const VEHICLE_TYPES = ['car', 'motorcycle'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/**
 * Where a sheet is (SPEC §4): in the pool (unclaimed), held by the technician who claimed it,
 * held by whoever an advisor reclaimed it for, back with the advisors once the technician
 * completed it, or completed by the advisor (then it can be sent to the customer).
 */
export const SHEET_STATES = ['unclaimed', 'claimed', 'reclaimed', 'completed_by_technician', 'completed_by_advisor'] as const;
export type SheetState = (typeof SHEET_STATES)[number];

/** The queues of SPEC §7: the pool, the caller's own claimed sheets, and the manager inbox of every claimed sheet. */
export const SHEET_QUEUES = ['for_claim', 'inbox'] as const;
export type SheetQueue = (typeof SHEET_QUEUES)[number];

export const MPI_PAGE_SIZE = 50;
/** SPEC §9: file size limit 512 MB, for inspection photos and videos as for texts. */
export const MAX_MPI_ATTACHMENT_BYTES = 512 * 1024 * 1024;
export { MAX_RENDITION_BYTES, RENDITION_EDGE } from '../media.js';

export interface SheetItem {
  name: string;
  /** The item's condition; null until set ('rest marked green' sets every null to GREEN). */
  dmg: ItemStatus | null;
  comment: string;
}

export interface SheetGroup {
  name: string;
  items: SheetItem[];
}

export interface TemplateGroup {
  name: string;
  items: { name: string }[];
}

export interface SheetTemplate {
  id: string;
  location_id: string;
  form_name: string;
  vehicle_type: VehicleType;
  /** The location's default for its vehicle type: new repair orders get a sheet from it. One per type. */
  default: boolean;
  archived: boolean;
  header: string;
  groups: TemplateGroup[];
  version: number;
  created_at: string;
  updated_at: string;
}

export type ApproverInitiator = 'customer' | 'agent';

export interface Recommendation {
  id: string;
  /** Group and item names of the sheet this work fixes. */
  group: string;
  item: string;
  /** Integer cents, shown in the location's currency (shared/money.ts formatMoney). */
  est_cost_in_cents: number;
  /** What the customer reads. */
  comment: string;
  /** Shop-internal notes (never shown to the customer). */
  notes: string;
  /** null undecided, true approved, false rejected (SPEC §4 "Recommended work"). */
  approved: boolean | null;
  decided_at: string | null;
  metadata: { approver: { initiator: ApproverInitiator; agent: AgentRef | null } | null };
}

export type AttachmentVerdict = 'approved' | 'disapproved';

export interface SheetAttachment {
  id: string;
  group: string;
  item: string;
  name: string;
  content_type: string;
  size: number;
  kind: 'photo' | 'video';
  notes: string;
  /** An advisor's verdict; a disapproved photo or video is not shown to the customer or in the PDF. */
  verdict: AttachmentVerdict | null;
  agent: AgentRef | null;
  created_at: string;
  /** Signed, short-lived download URLs: the original, a small preview and a thumbnail (the original when no rendition exists). */
  metadata: { orig: string; small: string; thumb: string };
}

/** Who holds a claimed or reclaimed sheet, and as what. */
export interface SheetHolder extends AgentRef {
  role: 'technician' | 'advisor';
}

export interface Sheet {
  id: string;
  repair_order_id: string;
  location_id: string;
  template_id: string;
  form_name: string;
  header: string;
  vehicle_type: VehicleType;
  state: SheetState;
  holder: SheetHolder | null;
  /** The technician who claimed (or was given) it last. */
  technician: AgentRef | null;
  /** The advisor who claimed or completed it last. */
  advisor: AgentRef | null;
  claimed_at: string | null;
  completed_by_technician_at: string | null;
  completed_by_advisor_at: string | null;
  sent_to_customer_at: string | null;
  /**
   * The inspection's text was held for quiet hours (or a moment the advisor chose) and goes then:
   * until that moment it is scheduled, not sent (`sent_to_customer_at` is that moment). Absent or
   * null when it went at once.
   */
  customer_text_scheduled_for?: string | null;
  groups: SheetGroup[];
  recommendations: Recommendation[];
  attachments: SheetAttachment[];
  damage_details: { comment: string };
  /** Every change bumps it; a save names the version it started from ('MPI has changed. Reloading'). */
  version: number;
  /** The order is closed or archived: the sheet is on no queue (pool, inboxes) until it opens again. */
  shelved?: boolean;
  created_at: string;
  updated_at: string;
}

export interface RecommendationCounts {
  total: number;
  approved: number;
  rejected: number;
  undecided: number;
  /** Sums in cents. */
  approved_cents: number;
  total_cents: number;
}

/** What a repair order carries about its sheet (RepairOrder.sheet) and what the queues list. */
export interface SheetSummary {
  id: string;
  state: SheetState;
  holder: SheetHolder | null;
  technician: AgentRef | null;
  advisor: AgentRef | null;
  vehicle_type: VehicleType;
  form_name: string;
  claimed_at: string | null;
  completed_by_technician_at: string | null;
  completed_by_advisor_at: string | null;
  sent_to_customer_at: string | null;
  /**
   * The inspection's text was held for quiet hours (or a moment the advisor chose) and goes then:
   * until that moment it is scheduled, not sent (`sent_to_customer_at` is that moment). Absent or
   * null when it went at once.
   */
  customer_text_scheduled_for?: string | null;
  /** Items by condition (null = not set yet). */
  items: { red: number; yellow: number; green: number; na: number; unset: number };
  recommendations: RecommendationCounts;
  version: number;
  updated_at: string;
}

/** The repair order a queue entry or a sheet belongs to: enough to find the car in the shop. */
export interface SheetRepairOrder {
  id: string;
  ro_id: string;
  location_id: string;
  customer_first_name: string;
  customer_last_name: string;
  vehicle: Vehicle;
  promise_time: string | null;
  agent: AgentRef | null;
  custom: { customer_waiting: boolean };
}

/** One line of a queue (`{ sheets: SheetListEntry[], meta }`) or of the repair-order inbox (`{ repair_orders: … }`). */
export interface SheetListEntry extends SheetSummary {
  repair_order: SheetRepairOrder;
}

/** GET …/technician/sheet and …/advisor/sheet, and every sheet-changing PUT: `{ sheet, repair_order }`. */
export interface SheetReply {
  sheet: Sheet;
  repair_order: SheetRepairOrder;
}

export interface Technician extends AgentRef {
  /** Sheets this technician holds now. */
  claimed: number;
  online_status: string;
}

/** The customer's page: GET /api/public/inspections/{token}. No ids beyond what the link already names. */
export interface CustomerInspection {
  /** `phone` as the store wrote it (the call link); `phone_display` formatted for the store's country. */
  dealership: { name: string; phone: string; phone_display: string; colour: string; logo_url: string | null; url: string };
  /** The page's language (the customer's, else the location's); money uses it too. */
  locale: string;
  /** The location's money locale (currency symbol): amounts are in its currency whatever the page language. */
  currency_locale: string;
  ro_id: string;
  customer_first_name: string;
  vehicle: Vehicle;
  advisor: { name: string } | null;
  form_name: string;
  header: string;
  groups: SheetGroup[];
  /** Photos and videos not disapproved by the advisor. */
  attachments: Omit<SheetAttachment, 'verdict' | 'agent' | 'notes'>[];
  recommendations: Omit<Recommendation, 'notes' | 'metadata'>[];
  damage_details: { comment: string };
  completed_at: string | null;
  expires_at: string;
  pdf_url: string | null;
  /**
   * The store's landing-page words for the decisions (SPEC §3 `landing_settings`): its Yes and No
   * button texts when it changed them from the defaults (null: the page's own Approve and Decline
   * in the customer's language), and its closing text once every recommendation is decided:
   * `outro_positive` when any work was approved, `outro_negative` when all was declined (empty:
   * the page's own words).
   */
  answers: { yes: string | null; no: string | null; outro_positive: string; outro_negative: string };
}

/**
 * Errors of the MPI routes: `{ error: { id, message } }` with these ids and texts. The console
 * shows the translation of `mpi_errors.<id>` (falling back to the message).
 */
export const MPI_ERRORS = {
  /** SPEC §8. */
  mpi_changed: 'MPI has changed. Reloading',
  already_claimed: 'This MPI has already been claimed',
  not_claimed: 'An MPI must be claimed before it is filled out',
  not_holder: 'This MPI is claimed by someone else',
  not_completable: 'This MPI cannot be completed in its current state',
  not_advisor_claimable: 'Only an MPI in the pool or completed by the technician can be claimed by an advisor',
  agent_required: 'Choose who takes the MPI over',
  not_a_technician_or_advisor: 'Choose an active technician or service advisor of this location',
  not_completed_by_advisor: 'Complete the MPI as advisor before sending it to the customer',
  no_sheet: 'This repair order has no MPI yet',
  template_not_saved: 'A template must be saved first',
  template_archived: 'This template is archived',
  not_retemplatable: 'A completed MPI cannot be re-templated',
  sheet_empty: 'An MPI sheet cannot be emptied',
  group_required: 'An MPI sheet needs at least one group with items',
  duplicate_item: 'An item appears twice in the same group',
  unknown_item: 'A recommendation or attachment names an item that is not on the sheet',
  unknown_recommendation: 'Recommendation not found',
  not_decidable: 'Recommended work can be decided once the technician has completed the MPI',
  unknown_attachment: 'Attachment not found',
  red_needs_photo: 'Add a photo to every red item before completing',
  link_expired: 'This inspection link has expired. Please contact the dealership for a new one.',
  link_not_found: 'This inspection link is not valid',
  mpi_disabled: 'MPI is turned off for this location',
  texted_in: 'A texted-in conversation has no repair order from the DMS to inspect',
} as const;
export type MpiErrorId = keyof typeof MPI_ERRORS;

/** Events on the real-time stream (location channel): pools, inboxes and open sheets react to them. */
export type MpiChangeReason =
  | 'created'
  | 'retemplated'
  | 'technician_claimed'
  | 'advisor_claimed'
  | 'reclaimed'
  | 'technician_completed'
  | 'advisor_completed'
  | 'saved'
  | 'attachment_added'
  | 'sent_to_customer'
  | 'decision';
