import { describe, expect, it } from 'vitest';
import { phoneQuery, phoneTokens } from './phone.ts';

describe('phone numbers', () => {
  it('makes a phone number digits, with and without its calling code', () => {
    expect(phoneTokens('+34 660 855 623')).toEqual(['34660855623', '660855623']);
    expect(phoneTokens('(773) 555-0142')).toEqual(['7735550142']);
    expect(phoneTokens('12')).toEqual([]);
  });

  it('reads a query of digits and punctuation as a phone number, in the forms it may be stored in', () => {
    expect(phoneQuery('(660) 855-623')).toEqual(['660855623']);
    expect(phoneQuery('0034 660 855 623')).toEqual(['0034660855623', '34660855623']);
    expect(phoneQuery('020 7583 0216')).toEqual(['02075830216', '2075830216']);
    expect(phoneQuery('75001')).toBeNull();
    expect(phoneQuery('pizza 660855623')).toBeNull();
  });
});
