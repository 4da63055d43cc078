/**
 * The rule that tells an answer to the survey from an ordinary text (functions/csi/replies.ts,
 * README "Customer satisfaction (CSI)"): a table of what customers write.
 */
import { describe, expect, it } from 'vitest';
import { ratingOfReply } from '../replies.js';

describe('ratingOfReply', () => {
  it.each([
    ['9', 9, ''],
    ['10!', 10, ''],
    [' 0 ', 0, ''],
    ['8.', 8, ''],
    ['9 great service', 9, 'great service'],
    ['9, great service', 9, 'great service'],
    ['3 - waited two hours for an oil change', 3, 'waited two hours for an oil change'],
    ['9/10', 9, ''],
    ['8 / 10 thanks Priya', 8, 'thanks Priya'],
    ['7 out of 10, a bit slow', 7, 'a bit slow'],
    ['10 👍', 10, '👍'],
    ['10👍', 10, '👍'],
    ['5 :(', 5, ':('],
    ['2 the car still rattles', 2, 'the car still rattles'],
    ['10 super Service, danke', 10, 'super Service, danke'],
  ])('takes %j as a rating', (text, rating, comment) => {
    expect(ratingOfReply(text)).toEqual({ rating, comment });
  });

  it.each([
    "I'll be there at 5",
    '2 more questions',
    '5 minutes away',
    '3 pm works',
    '3pm',
    '10am',
    "10 o'clock?",
    '5:30',
    '3.5',
    '4 cars',
    '11',
    '100',
    '-1',
    '12 days',
    'Is it ready? 10 mins',
    'ok',
    'Yes',
    'STOP',
    '',
    '1 more thing: can you check the tires?',
    '2 oder 3 Fragen',
    '10 2',
  ])('leaves %j as an ordinary text', (text) => {
    expect(ratingOfReply(text)).toBeNull();
  });
});
