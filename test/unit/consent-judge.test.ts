import { describe, expect, it } from 'vitest';
import { judge, type ConsentModel } from '../support/consent-model.js';

const mobile: ConsentModel = { optedOut: false, line: 'mobile' };
const landline: ConsentModel = { optedOut: false, line: 'landline' };
const optedOut: ConsentModel = { optedOut: true, line: 'mobile' };
const text = [{ text: 'Update on your Subaru (soon)' }];

describe('the consent property judge', () => {
  it('finds a text to a number that was a landline before and after the command', () => {
    expect(judge(landline, landline, text, null)).toMatch(/a landline/);
  });

  it('leaves the line unjudged for the command right after a line change, a text a job read before it may land there', () => {
    expect(judge(landline, landline, text, null, false)).toBeNull();
  });

  it('still judges consent right after a line change', () => {
    expect(judge(optedOut, optedOut, text, null, false)).toMatch(/opted out/);
    expect(judge({ ...optedOut, line: 'landline' }, { ...optedOut, line: 'landline' }, text, null, false)).toMatch(/opted out/);
  });

  it('lets a text through to a number allowed before or after', () => {
    expect(judge(mobile, landline, text, null)).toBeNull();
    expect(judge(mobile, mobile, text, null)).toBeNull();
  });
});
