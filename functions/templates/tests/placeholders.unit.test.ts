import { describe, expect, it } from 'vitest';
import { fillTemplate, offeredFor, vehicleName, type TemplateFacts } from '../../../shared/templates/templates.js';

const facts: TemplateFacts = {
  customer_first_name: 'Maya',
  customer_last_name: 'Ortiz',
  customer_name: 'Maya Ortiz',
  dealership: 'Demo Motors North',
  advisor_name: 'Priya Raman',
  advisor_first_name: 'Priya',
  vehicle: '2021 Honda Civic',
  ro_number: '7301',
};

describe('fillTemplate', () => {
  it('fills every placeholder the conversation knows, spaced or not, in any case', () => {
    expect(fillTemplate('Hi {{customer_first_name}}, {{ Dealership }} here: RO {{ro_number}} ({{vehicle}}) is ready. {{advisor_name}}', facts)).toBe(
      'Hi Maya, Demo Motors North here: RO 7301 (2021 Honda Civic) is ready. Priya Raman',
    );
    expect(fillTemplate('{{customer_name}} / {{customer_last_name}} / {{advisor_first_name}}', facts)).toBe('Maya Ortiz / Ortiz / Priya');
  });

  it('leaves an unknown placeholder, and one without a value here, as written for the advisor to see', () => {
    expect(fillTemplate('Points: {{loyalty_points}}', facts)).toBe('Points: {{loyalty_points}}');
    expect(fillTemplate('RO {{ro_number}} for {{customer_first_name}}', { ...facts, ro_number: '', customer_first_name: '  ' })).toBe('RO {{ro_number}} for {{customer_first_name}}');
  });

  it('touches nothing that is not a placeholder', () => {
    expect(fillTemplate('50% off {brakes} {{ }} {{vehicle', facts)).toBe('50% off {brakes} {{ }} {{vehicle');
  });
});

describe('which templates a conversation is offered', () => {
  it('offers every board’s and its own board’s, never another board’s', () => {
    expect(offeredFor({ board: 'all' }, 'repair_order')).toBe(true);
    expect(offeredFor({ board: 'service' }, 'repair_order')).toBe(true);
    expect(offeredFor({ board: 'appointments' }, 'repair_order')).toBe(false);
    expect(offeredFor({ board: 'service' }, 'guest')).toBe(false);
  });

  it('names a vehicle as a customer would', () => {
    expect(vehicleName({ year: 2021, make: 'Honda', model: 'Civic' })).toBe('2021 Honda Civic');
    expect(vehicleName({ year: null, make: 'Ford', model: '' })).toBe('Ford');
    expect(vehicleName(null)).toBe('');
  });
});
