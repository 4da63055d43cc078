/**
 * What a board declares to the rest of the system (DESIGN.md "A board is its own folder"): its API
 * areas, its conversations, its jobs, its settings groups, the texting numbers whose texts it takes,
 * the channels its agents hear and what its route parameters name. A board's `board.ts` exports one
 * of these and `functions/boards.ts` lists it in one line; the API (CDK and the local server), the
 * jobs function, the settings route, inbound threading, the event stream and the generated route
 * tests read the list, so adding a board edits nothing they contain.
 *
 * A board's declaration imports the board's code (its owner port, its jobs), so every Lambda that
 * reads the list carries every board's code, tree-shaken like any static import; the Lambdas that
 * need no board (sign-in, agents, the event stream, the origin gate) do not import the list.
 */
import type { AccessFlags } from '../../shared/access.js';
import type { EventSchemas } from '../../shared/events.js';
import type { HistoryTab } from '../../shared/history/types.js';
import type { ReportType } from '../../shared/reports/types.js';
import type { AgentRecord } from './agents.js';
import type { TextingModule } from './textingNumbers.js';

/** A module kept in a file of its own beside the bundle, loaded on first use (functions/lib/lazyChunk.ts). */
export interface LazyChunk {
  /** Module entry relative to the project root. */
  entry: string;
  /** Its name beside the caller as the code asks for it (`pdf.js`; written as `pdf.mjs` beside index.mjs). */
  file: string;
}

/** One Lambda of the HTTP API and the routes it answers (SPEC §7 paths). */
export interface ApiArea {
  /** Lambda entry, relative to the project root; exports `handler`. */
  entry: string;
  routes: readonly string[];
  /** Files the code reads at run time, copied into its bundle (`from` relative to the project root, `to` to index.mjs). */
  bundleFiles?: readonly { from: string; to: string }[];
  /** Modules kept out of the main bundle and loaded on first use. */
  lazyChunks?: readonly LazyChunk[];
  /**
   * Path prefixes of this area's routes that anyone may call with a link's token, no sign-in (the
   * setup wizard's `/api/wizard/`): the edge holds them to the public rate limit (infra/edge.ts).
   * Routes under `/api/public/` are held so already.
   */
  publicPathPrefixes?: readonly string[];
}

/** What a job is started with: its name, and for work started at once (a mass text), which one. */
export interface JobEvent {
  job?: string;
  company_id?: string;
  mass_message_id?: string;
  /** A report file to make now (functions/reports). */
  report_id?: string;
  /** A call whose steps to apply now (functions/calls/steps.ts): the provider's transaction id. */
  transaction_id?: string;
}

/** A scheduled job: EventBridge Scheduler (locally the scheduler) invokes the jobs Lambda at this rate, which runs it. */
export interface BoardJob {
  rateMinutes: number;
  run: (event: JobEvent) => Promise<unknown>;
}

/**
 * The records of a board that own conversations. The board's owner port registers itself with the
 * conversation core when its module loads (functions/messages/owners.ts `registerOwner`); the
 * board's declaration imports it, so the registry brings every port.
 */
export interface BoardConversations {
  /** The owner kind (shared/conversations.ts): its id travels in events as `<kind>_id`. */
  kind: string;
  /**
   * The owner's path as a route template (SPEC §7 `{base}{id}`); its conversation is
   * `${path}/messages`, answered by the conversation core for every board.
   */
  path: string;
  /** The path parameter that holds the owner's id (a location's `{id}` may stand before it). */
  idParam: string;
  /**
   * Who the conversations are with: a contact record of this kind (functions/customers/records.ts
   * `contact`): `customer` for the boards that text customers. An agent who opens the board may open
   * such a contact's card (opt-out, block, calls).
   */
  contact: string;
  /**
   * Where the console opens one of these conversations, under /app, `{id}` standing for the owner's
   * id (`/?ro={id}`): a mention's notice links to it.
   */
  consoleLink?: string;
}

/**
 * A location settings group the board owns (SPEC §3 "Location settings groups"). The spec's groups
 * are served by the core's settings route with their schemas in shared/schemas/settings.ts; a board
 * that acts on a save of its group, or brings a group of its own, serves it from its own area
 * (`GET|POST /api/locations/{id}/<key>`, functions/lib/settingsRoutes.ts), whose literal route wins
 * over the core's `{settings_key}`.
 */
export interface BoardSettingsGroup {
  key: string;
  /** Who reads it beyond managers and admins (SPEC §6 "Settings loaded by flag"). */
  readBy: (flags: AccessFlags) => boolean;
  /** How its values are checked, for a group the core's list (shared/schemas/settings.ts) does not hold. */
  schema?: SettingsSchema;
}

/** How a settings group's values are checked and completed with their defaults. */
export interface SettingsSchema {
  /** The stored group completed with its defaults. */
  complete: (stored: unknown) => Record<string, unknown>;
  /** A partial change: only the fields `raw` names, each checked. */
  changes: (raw: unknown) => { ok: true; changes: Record<string, unknown> } | { ok: false; errors: { message: string; path: string }[] };
}

/** The route keys of a board's settings group, for its area's list. */
export const settingsRouteKeys = (key: string) => [`GET /api/locations/{id}/${key}`, `POST /api/locations/{id}/${key}`] as const;

/** What a route parameter names, for the generated route tests (test/support/routeTable.ts). */
export interface RouteParamRule {
  param: string;
  /** The path before the parameter must match this (`{id}` names whatever collection it follows). */
  after: RegExp;
  /** The id kind, e.g. `appointment`. */
  kind: string;
  /** A tenant's record (probed across the walls) rather than a fixed vocabulary. */
  tenant: boolean;
  /**
   * Where the tenant probe finds a real one at a location, as a manager of that location: a list
   * route (`{location}` filled in) and the array of the answer that holds records with an `id`.
   */
  sample?: { list: string; field: string };
  /** A vocabulary parameter's value that every caller may use. */
  vocabulary?: string;
}

/**
 * One change of an item, as the table's stream tells it (DynamoDB Streams, NEW_AND_OLD_IMAGES),
 * unmarshalled. In AWS the stream invokes functions/tableStream/handler.ts; locally the stack's
 * stream reader (infra/local/tableStream.ts) reads DynamoDB Local's stream and calls the same handler.
 */
export interface TableChange {
  /** The stream record's id: a change delivered twice (a retried batch) carries the same id. */
  id: string;
  kind: 'insert' | 'modify' | 'remove';
  keys: { pk: string; sk: string };
  /** The item before the change (absent on insert). */
  old?: Record<string, unknown>;
  /** The item after the change (absent on remove). */
  new?: Record<string, unknown>;
  /** When the table took the change (ISO; whole seconds in AWS). */
  at: string;
}

/**
 * Work kept from the table's stream: a report's tallies, the history search's entries. A change can
 * arrive twice, and changes of different items out of their order, so `apply` must be idempotent and
 * must not assume one item's change comes before another's. A batch whose `apply` throws is retried.
 */
export interface TableListener {
  /** Its name in logs and tests. */
  name: string;
  /** A cheap test on the keys alone: the changes it wants (most of the table's changes are not its). */
  wants: (keys: { pk: string; sk: string }) => boolean;
  apply: (changes: readonly TableChange[]) => Promise<void>;
}

/**
 * Something that happened and counts in a report (issue 24): an opt-out, a sheet sent, a payment
 * made. The reports' listener (functions/reports/) keeps each fact once, by its id, and adds it to the
 * daily and monthly counters of its location, figure and dimensions; the fact itself is what a figure
 * opens (drill-down).
 */
export interface Fact {
  /** Unique for what is counted (`<message id>:sent`): a change seen twice counts once. */
  id: string;
  type: ReportType;
  /** The figure it adds to (`sent`, `opt_out`, `approved_lines`, …; README "Reports"). */
  figure: string;
  company_id: string;
  location_id: string;
  /** When it happened (ISO); it counts on the location's calendar day of this instant. */
  at: string;
  /** What it is counted under: `agent_id`, `technician_id`, `channel`, `wording`… */
  dims?: Record<string, string>;
  /** What it adds besides one: cents, minutes, a score. */
  value?: number;
  /** The record behind it. */
  record: { kind: string; id: string; label: string };
  customer_id?: string;
}

/** A board's part in the reports: the facts a change of one of its items counts (none for most changes). */
export type TallySource = (change: TableChange) => Fact[] | Promise<Fact[]>;

/**
 * What the history search finds a record by (issue 24): kept, with each record, as search items
 * whose keys start with the tenant (docs/data-model.md "History search").
 */
export interface SearchEntry {
  tab: HistoryTab;
  company_id: string;
  location_id: string;
  /** The conversation's owner. */
  owner: { kind: string; id: string };
  customer_id: string | null;
  customer_name: string | null;
  /** E.164 */
  phone: string | null;
  ro_number?: string;
  vin?: string;
  title?: string;
  advisor_id: string | null;
  closed_at: string | null;
  archived: boolean;
  /**
   * The only agents who may find it (a chat room's participants, whatever their store); absent:
   * whoever reaches its location and opens its board.
   */
  audience?: string[];
}

/**
 * A board's part in the history search: for a change of one of its items, the entry the record
 * should now have (`null`: it has none any more), or `undefined` when the change is not about a
 * searchable record.
 */
export type SearchSource = (change: TableChange) => SearchEntry | null | undefined | Promise<SearchEntry | null | undefined>;

export interface BoardModule {
  /** The board's name in logs, tests and mass texts (`service`, `appointments`, …). */
  name: string;
  /** Whether the acting agent's flags open the board (SPEC §6); managers and admins open every board. */
  opens: (flags: AccessFlags) => boolean;
  /** Its API areas, a Lambda each. */
  areas: Record<string, ApiArea>;
  conversations?: BoardConversations;
  /** Its agents look up the store's customers (booking, adding an order, linking a guest): the core's customer search answers them. */
  findsCustomers?: boolean;
  jobs?: Record<string, BoardJob>;
  settings?: readonly BoardSettingsGroup[];
  /**
   * The location's texting numbers (business information) this board answers: a known contact's
   * text to one, when no conversation of theirs fits, opens a conversation on this board.
   */
  textingNumbers?: readonly TextingModule[];
  /**
   * What it keeps from the table's stream (functions/tableStream/handler.ts runs every board's
   * listeners on each batch of changes).
   */
  listeners?: readonly TableListener[];
  /** Its records' part in the reports (their facts). */
  tallies?: TallySource;
  /** Its records' part in the history search (their entries). */
  searchable?: SearchSource;
  /** Its events on the stream (its shared/<board>/events.ts, which also types them for `publish`). */
  events?: EventSchemas;
  /** The real-time channels an agent hears for this board at a location (SPEC §6). */
  channels?: (agent: AgentRecord, locationId: string) => string[];
  /** What the path parameters of its routes name. */
  routeParams?: readonly RouteParamRule[];
  /**
   * Modules for the local stack and the bench only, by path from the project root (never bundled
   * into a Lambda): `demo` exports `seedDemo()`, the board's part of the demo dealership, run once on
   * the first start after the demo's agents and the boards before it in the registry (infra/local/
   * seed.ts), and may export `afterStart()`, run once the stack answers (texts the seed left due);
   * `bench` exports `benchBoard(url, signIn)`, whose figures `npm run bench` writes to
   * bench/results/<board>.json.
   */
  local?: { demo?: string; demoAfter?: readonly string[]; bench?: string };
}
