/**
 * The templates of the demo dealership (functions/lib/boardModule.ts `local.demo`): a few a service
 * lane really uses at each level of Demo Motors (the company's, North's, South's, the advisor's, the
 * manager's and the admin's own), placeholders filled in on insertion, and one of the rival
 * company's (the demo's other tenant, which nobody at Demo Motors may see).
 */
import type { TemplateBoard, TemplateLevel } from '../../shared/templates/templates.js';
import { putTemplates, type TemplateRecord } from './records.js';

const DEMO = 'cmp_demo';
const RIVAL = 'cmp_rival';

interface DemoTemplate {
  company: string;
  level: TemplateLevel;
  owner: string;
  /** Fixed, so a seed cut short and redone writes the same templates again. */
  id: string;
  name: string;
  text: string;
  board?: TemplateBoard;
}

const TEMPLATES: DemoTemplate[] = [
  {
    company: DEMO,
    level: 'company',
    owner: DEMO,
    id: 'tpl_vehicle_ready',
    name: 'Ready for pickup, we close at 6',
    text: 'Hi {{customer_first_name}}, good news: your {{vehicle}} is ready for pickup. {{dealership}} is open until 6 pm today.',
    board: 'service',
  },
  {
    company: DEMO,
    level: 'company',
    owner: DEMO,
    id: 'tpl_running_late',
    name: 'Running late',
    text: "Hi {{customer_first_name}}, your {{vehicle}} needs a little more time than we promised. We'll text you as soon as it's ready. {{advisor_name}}, {{dealership}}",
    board: 'service',
  },
  {
    company: DEMO,
    level: 'company',
    owner: DEMO,
    id: 'tpl_parts_ordered',
    name: 'Parts ordered',
    text: "Hi {{customer_first_name}}, the parts for RO {{ro_number}} are on order and should arrive within two business days. We'll keep you posted. {{dealership}}",
    board: 'service',
  },
  {
    company: DEMO,
    level: 'company',
    owner: DEMO,
    id: 'tpl_appointment_confirm',
    name: 'Appointment confirmed',
    text: 'Hi {{customer_first_name}}, this is {{dealership}}. Your appointment is confirmed; reply here if you need to change it.',
    board: 'appointments',
  },
  {
    company: DEMO,
    level: 'company',
    owner: DEMO,
    id: 'tpl_thank_you',
    name: 'Thank you',
    text: 'Thank you for choosing {{dealership}}, {{customer_first_name}}. Text us here any time.',
  },
  {
    company: DEMO,
    level: 'location',
    owner: 'loc_demo_north',
    id: 'tpl_north_shuttle',
    name: 'Shuttle service',
    text: "Our shuttle leaves the {{dealership}} service lane every 30 minutes until 5 pm. Reply SHUTTLE and we'll save you a seat.",
  },
  {
    company: DEMO,
    level: 'location',
    owner: 'loc_demo_north',
    id: 'tpl_north_directions',
    name: 'Service entrance',
    text: '{{dealership}} is at 1200 Harbor Boulevard. The service entrance is on the left side of the building.',
  },
  {
    company: DEMO,
    level: 'location',
    owner: 'loc_demo_south',
    id: 'tpl_south_saturday',
    name: 'Saturday hours',
    text: '{{dealership}} service is open Saturdays from 8 am to 2 pm.',
  },
  {
    company: DEMO,
    level: 'agent',
    owner: 'agt_advisor',
    id: 'tpl_advisor_call_me',
    name: 'Please call me',
    text: 'Hi {{customer_first_name}}, please give me a call when you have a minute. {{advisor_name}}, {{dealership}} service.',
  },
  {
    company: DEMO,
    level: 'agent',
    owner: 'agt_advisor',
    id: 'tpl_advisor_approval',
    name: 'Approval needed',
    text: 'Hi {{customer_first_name}}, your technician found additional work on your {{vehicle}}. Reply YES to approve it, or call me with any questions. {{advisor_name}}',
    board: 'service',
  },
  {
    company: DEMO,
    level: 'agent',
    owner: 'agt_manager',
    id: 'tpl_manager_follow_up',
    name: 'Follow-up',
    text: 'Hi {{customer_first_name}}, this is {{advisor_name}}, service manager at {{dealership}}. I wanted to make sure everything went well with your visit.',
  },
  {
    company: DEMO,
    level: 'agent',
    owner: 'agt_admin',
    id: 'tpl_admin_escalation',
    name: 'Escalation callback',
    text: 'Hi {{customer_first_name}}, this is {{advisor_name}} from {{dealership}}. I read your message and will call you today to make this right.',
  },
  { company: RIVAL, level: 'company', owner: RIVAL, id: 'tpl_rival_ready', name: 'Ready for collection', text: 'Your car is ready for collection. Thank you for choosing {{dealership}}.' },
];

export async function seedDemo(): Promise<void> {
  const at = new Date().toISOString();
  await putTemplates(
    TEMPLATES.map(
      (t): TemplateRecord => ({
        id: t.id,
        company_id: t.company,
        level: t.level,
        owner_id: t.owner,
        name: t.name,
        text: t.text,
        board: t.board ?? 'all',
        created_by: 'demo',
        created_at: at,
        updated_by: 'demo',
        updated_at: at,
      }),
    ),
  );
}
