/**
 * The demo dealership the local stack seeds: two companies (Demo Motors with two stores, and
 * Rival Auto to prove tenants never see each other), one agent per role, all signing in with
 * DEMO_PASSWORD. main.ts prints DEMO_SIGN_INS and tests iterate it.
 */
import { landingPath, noAccess, type AccessFlag, type AccessFlags, type TechnicianSettings } from '../../shared/access.js';
import type { Location } from '../../shared/api.js';
import type { AgentRecord } from '../../functions/lib/agents.js';
import type { Locale } from '../../shared/locales.js';

export const DEMO_PASSWORD = 'demo-dealer';
export const DEMO_COMPANY = { id: 'cmp_demo', name: 'Demo Motors' } as const;
export const RIVAL_COMPANY = { id: 'cmp_rival', name: 'Rival Auto' } as const;

export type DemoLocation = Omit<Location, 'created_at'>;

export const DEMO_LOCATIONS: DemoLocation[] = [
  {
    id: 'loc_demo_north',
    company_id: DEMO_COMPANY.id,
    name: 'Demo Motors North',
    timezone: 'America/New_York',
    locale: 'en-us',
    theme: 'default',
    whitelabel: false,
    ip_allowlist: [],
    address: '1200 Harbor Boulevard, Boston, MA 02110',
    phone: '+16175550100',
    teams: ['Express service', 'Main shop'],
  },
  {
    id: 'loc_demo_south',
    company_id: DEMO_COMPANY.id,
    name: 'Demo Motors South',
    timezone: 'America/Chicago',
    locale: 'en-us',
    theme: 'default',
    whitelabel: false,
    ip_allowlist: [],
    address: '4500 Commerce Street, Dallas, TX 75226',
    phone: '+12145550100',
    teams: ['Main shop'],
  },
  {
    id: 'loc_rival_main',
    company_id: RIVAL_COMPANY.id,
    name: 'Rival Auto',
    timezone: 'Europe/London',
    locale: 'en-gb',
    theme: 'default',
    whitelabel: false,
    ip_allowlist: [],
    address: '22 Kingsway, London WC2B 6LE',
    phone: '+442079460100',
    teams: [],
  },
];

/** An agent of the demo dealership: the stored record's identity and permissions, and a role label. */
export interface DemoAgent
  extends Pick<
    AgentRecord,
    'id' | 'company_id' | 'location_id' | 'email' | 'first_name' | 'last_name' | 'access_level' | 'technician_settings' | 'locale' | 'active'
  > {
  /** What the sign-in table calls this person. Inactive agents exist to show that sign-in refuses them. */
  role: string;
}

function flags(...granted: AccessFlag[]): AccessFlags {
  const result = noAccess();
  for (const flag of granted) result[flag] = true;
  return result;
}

const TECH_OFF: TechnicianSettings = { enabled: false, mpi_enabled: false };

function agent(
  id: string,
  email: string,
  name: [string, string],
  role: string,
  access: AccessFlags,
  location = 'loc_demo_north',
  technician: TechnicianSettings = TECH_OFF,
  active = true,
): DemoAgent {
  const company = location === 'loc_rival_main' ? RIVAL_COMPANY.id : DEMO_COMPANY.id;
  return {
    id,
    company_id: company,
    location_id: location,
    email,
    first_name: name[0],
    last_name: name[1],
    role,
    access_level: access,
    technician_settings: technician,
    locale: location === 'loc_rival_main' ? 'en-gb' : 'en-us',
    active,
  };
}

export const DEMO_AGENTS: DemoAgent[] = [
  agent('agt_admin', 'admin@demo.example', ['Dana', 'Whitfield'], 'Company admin', flags('admin', 'manager', 'service', 'appointments', 'hr', 'chat', 'inventory')),
  agent('agt_manager', 'manager@demo.example', ['Marcus', 'Bell'], 'Service manager', flags('manager', 'service', 'appointments', 'hr', 'chat', 'inventory')),
  agent('agt_advisor', 'advisor@demo.example', ['Priya', 'Raman'], 'Service advisor', flags('service', 'chat')),
  agent('agt_tech', 'tech@demo.example', ['Luis', 'Ortega'], 'Technician', flags('technician'), 'loc_demo_north', { enabled: true, mpi_enabled: true }),
  agent('agt_appointments', 'appointments@demo.example', ['Grace', 'Kim'], 'Appointment coordinator', flags('appointments')),
  agent('agt_hr', 'hr@demo.example', ['Tom', 'Becker'], 'HR (employees)', flags('hr')),
  agent('agt_chat', 'chat@demo.example', ['Nina', 'Patel'], 'Internal chat only', flags('chat')),
  agent('agt_inventory', 'inventory@demo.example', ['Owen', 'Harris'], 'Inventory (South store)', flags('inventory'), 'loc_demo_south'),
  agent('agt_south_advisor', 'south@demo.example', ['Carmen', 'Reyes'], 'Service advisor (South store)', flags('service', 'chat'), 'loc_demo_south'),
  agent('agt_noboard', 'noboard@demo.example', ['Sam', 'Porter'], 'No board permission', flags()),
  agent(
    'agt_rival',
    'rival@demo.example',
    ['Olivia', 'Hughes'],
    'Rival Auto admin (other company)',
    flags('admin', 'manager', 'service', 'technician', 'appointments', 'hr', 'chat', 'inventory'),
    'loc_rival_main',
  ),
  agent('agt_former', 'former@demo.example', ['Rick', 'Dalton'], 'Former advisor (inactive)', flags('service', 'chat'), 'loc_demo_north', TECH_OFF, false),
];

export interface DemoSignIn {
  email: string;
  role: string;
  /** Where the console lands after sign-in, e.g. /app/mpi. */
  landing: string;
}

/** The agents who can sign in (inactive ones are refused). */
export const DEMO_SIGN_INS: DemoSignIn[] = DEMO_AGENTS.filter((a) => a.active).map((a) => {
  const path = landingPath(a.access_level, a.technician_settings);
  return { email: a.email, role: a.role, landing: path === '/' ? '/app/' : `/app${path}` };
});

/** A sheet template of the demo (multi-point inspections): groups of item names. */
export interface DemoSheetTemplate {
  /** Fixed per location, so a seed cut short and redone writes the same template again. */
  id: string;
  form_name: string;
  vehicle_type: 'car' | 'motorcycle';
  header: string;
  groups: [group: string, items: string[]][];
}

/** Every demo store's inspection forms: the default for cars (35 items) and one for motorcycles. */
export const DEMO_SHEET_TEMPLATES: DemoSheetTemplate[] = [
  {
    id: 'car',
    form_name: 'Multi-point inspection',
    vehicle_type: 'car',
    header: 'Complimentary multi-point inspection. Green: checked and OK. Yellow: may need attention soon. Red: needs attention now.',
    groups: [
      [
        'Under the hood',
        ['Engine oil level & condition', 'Coolant level', 'Brake fluid', 'Power steering fluid', 'Transmission fluid', 'Windshield washer fluid', 'Drive belts', 'Hoses', 'Engine air filter', 'Cabin air filter'],
      ],
      ['Brakes', ['Front brake pads', 'Rear brake pads', 'Front rotors', 'Rear rotors', 'Brake lines & hoses', 'Parking brake']],
      ['Tires', ['Left front tire tread', 'Right front tire tread', 'Left rear tire tread', 'Right rear tire tread', 'Tire pressure', 'Spare tire']],
      ['Steering & suspension', ['Shocks & struts', 'Tie rod ends', 'Ball joints', 'CV boots', 'Wheel alignment']],
      ['Lights & wipers', ['Headlights', 'Brake lights', 'Turn signals', 'Wiper blades', 'Windshield condition']],
      ['Battery', ['Battery condition', 'Battery terminals & cables', 'Charging system']],
    ],
  },
  {
    id: 'motorcycle',
    form_name: 'Motorcycle inspection',
    vehicle_type: 'motorcycle',
    header: 'Motorcycle safety inspection.',
    groups: [
      ['Engine & drivetrain', ['Engine oil', 'Coolant', 'Chain or belt tension', 'Sprockets', 'Clutch operation']],
      ['Brakes', ['Front brake pads', 'Rear brake pads', 'Brake fluid', 'Brake discs']],
      ['Tires & wheels', ['Front tire', 'Rear tire', 'Wheel bearings', 'Rims & spokes']],
      ['Controls & electrics', ['Throttle', 'Cables', 'Lights', 'Horn', 'Battery']],
      ['Suspension & steering', ['Fork seals', 'Rear shock', 'Steering head bearings']],
    ],
  },
];
