import { describe, expect, it } from 'vitest';
import { normalizeDayText, parseHoursCell, parseHoursList } from './hours.ts';

const week = (text: string) => ({
  Monday: text, Tuesday: text, Wednesday: text, Thursday: text, Friday: text, Saturday: text, Sunday: text,
});

describe('opening hours', () => {
  it('normalises one day text to the compact Google form', () => {
    expect(normalizeDayText('11\u202fam–11\u202fpm')).toBe('11AM–11PM');
    expect(normalizeDayText('9 AM to 5 PM')).toBe('9AM–5PM');
    expect(normalizeDayText('11AM–3PM,5–9:30PM')).toBe('11AM–3PM, 5–9:30PM');
    expect(normalizeDayText('1-7PM')).toBe('1–7PM');
    expect(normalizeDayText('09:00 - 17:00')).toBe('09:00–17:00');
    expect(normalizeDayText('closed')).toBe('Closed');
    expect(normalizeDayText('Open 24 hours')).toBe('Open 24 hours');
    expect(normalizeDayText('Geschlossen')).toBeNull();
  });

  it('reads Outscraper JSON, strings or lists', () => {
    expect(parseHoursCell('{"Sunday": "Closed", "Monday": "9AM-5PM"}')).toEqual({ hours: { Sunday: 'Closed', Monday: '9AM–5PM' }, isReadable: true });
    expect(parseHoursCell('{"Monday": ["11AM-3PM", "5-10PM"]}')).toEqual({ hours: { Monday: '11AM–3PM, 5–10PM' }, isReadable: true });
  });

  it('reads gosom JSON lists with narrow no-break spaces and en dashes', () => {
    const cell = '{"Friday":["11\u202fam–11\u202fpm"],"Saturday":["Closed"]}';
    expect(parseHoursCell(cell)).toEqual({ hours: { Friday: '11AM–11PM', Saturday: 'Closed' }, isReadable: true });
  });

  it('reads Apify openingHours arrays, whole or rebuilt from flattened columns', () => {
    expect(parseHoursCell('[{"day":"Monday","hours":"9 AM to 5 PM"},{"day":"Sunday","hours":"Closed"}]')).toEqual({
      hours: { Monday: '9AM–5PM', Sunday: 'Closed' },
      isReadable: true,
    });
    expect(parseHoursList([{ day: 'Tuesday', hours: 'Open 24 hours' }])).toEqual({ hours: { Tuesday: 'Open 24 hours' }, isReadable: true });
  });

  it('reads day-named text and a single text for the whole week', () => {
    expect(parseHoursCell('Sunday:Closed|Monday:1-7PM')).toEqual({ hours: { Sunday: 'Closed', Monday: '1–7PM' }, isReadable: true });
    expect(parseHoursCell('Open 24 hours')).toEqual({ hours: week('Open 24 hours'), isReadable: true });
  });

  it('keeps hours it cannot read as text and says so', () => {
    expect(parseHoursCell('{"Montag": "9–17 Uhr"}')).toEqual({ hours: { Montag: '9–17 Uhr' }, isReadable: false });
    expect(parseHoursCell('sur rendez-vous')).toEqual({ hours: { Hours: 'sur rendez-vous' }, isReadable: false });
    expect(parseHoursCell('{}')).toEqual({ hours: null, isReadable: true });
    expect(parseHoursCell('None')).toEqual({ hours: null, isReadable: true });
  });
});
