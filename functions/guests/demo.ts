/**
 * The demo dealership's guests and leads (infra/local/seed.ts runs it once, after the service
 * board's demo whose texting numbers it uses): Demo Motors North gets its lead form and an
 * "Appraisal request" marketing button (auto-reply, a text to the used-car manager's cell, an
 * e-mail to the sales inbox); a stranger has texted North's service number (a guest conversation on
 * the board, through the inbound text handler as the carrier would deliver it); and, once the stack
 * answers (`afterStart`, so its texts and e-mail really go through the local carrier), a lead sent
 * through the appraisal button, as the landing page would post it. The README's "Guests and leads"
 * tells the story.
 */
import { changeGroup } from '../lib/settings.js';
import { receiveText } from '../inbound/texts.js';
import { DEMO_STORES } from '../../infra/local/demo-service.js';
import { MARKETING_BUTTONS, type MarketingButton } from '../../shared/guests/schemas.js';
import { leadFormOf } from './leadForms.js';
import { receiveLead } from './leads.js';
import { marketingButtonsSchema } from './marketingButtons.js';

const NORTH = DEMO_STORES.find((store) => store.locationId === 'loc_demo_north')!;
const STORE = { company_id: NORTH.companyId, location_id: NORTH.locationId };

/** The stranger: no record of the company has this number (1200–1299: clear of the seed's, the tests' and the simulator's). */
export const DEMO_STRANGER = { phone: '+16175551201', text: "Hi, is your service department open on Saturdays? My check engine light just came on. I'm not in your system yet." };
/** The lead sent through the appraisal button. */
export const DEMO_LEAD = { first_name: 'Jordan', last_name: 'Ellis', phone: '+16175551202', email: 'jordan.ellis@example.com', text: '2017 Subaru Outback, 64,000 miles, one owner. What would you give me for it?' };
/** Who the appraisal button tells: the used-car manager's cell and the sales inbox. */
export const DEMO_LEAD_RECIPIENTS = { sms: '+16175551290', email: 'sales@demo.example' };

export const APPRAISAL_BUTTON: Partial<MarketingButton> & { label: string } = {
  label: 'Appraisal request',
  placeholder: 'Year, make, model and mileage of your vehicle',
  autoreply_template: 'Thanks {{first_name}}! We received your appraisal request and an appraiser will text you back shortly.',
  css_class: 'primary',
  outro_text: 'Thank you! We will text you shortly.',
  sms_notification_recipients: [DEMO_LEAD_RECIPIENTS.sms],
  email_notification_recipients: [DEMO_LEAD_RECIPIENTS.email],
};

export async function seedDemo(): Promise<void> {
  await changeGroup(STORE.company_id, STORE.location_id, MARKETING_BUTTONS, marketingButtonsSchema, { buttons: [APPRAISAL_BUTTON] }, 'agt_manager');
  await leadFormOf(STORE.company_id, STORE.location_id);
  await receiveText(
    { originationNumber: DEMO_STRANGER.phone, destinationNumber: NORTH.serviceNumber, messageBody: DEMO_STRANGER.text, inboundMessageId: 'demo-guest-saturday' },
    'demo-guest-saturday-sns',
  );
}

/** The appraisal request, once the carrier answers: its auto-reply and notices go as they would live. */
export async function afterStart(): Promise<void> {
  await receiveLead(STORE, { button: APPRAISAL_BUTTON.label, ...DEMO_LEAD }, 'demo-appraisal-request');
}
