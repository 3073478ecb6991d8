import { describe, expect, it } from 'vitest';
import { API_ERROR_IDS } from '@directory/backend/shared/api-errors.ts';
import { FIELD_REASON_CODES, fieldReasonText, type FieldIssue } from '@directory/backend/shared/field-reasons.ts';
import { englishWordsIn } from '@directory/backend/testing/english-words.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { buildRefusal } from '../testing/build-admin-data.ts';
import { adminErrorText, ERROR_TEXT, fieldLabel, REASON_TEXT, UNREACHABLE_MESSAGE } from './admin-error-text.ts';

/** Figures for every reason's words (each takes the ones it needs). */
const FIGURES = { max: 200, min: 1, values: ['asc', 'desc'], expected: 'string', day: 'Monday' };

const failure = (status: number, body: unknown, retryAfterSeconds: number | null = null) => new ApiRequestError(status, JSON.stringify(body), retryAfterSeconds);

describe('the admin screens\' Turkish words of a failed call', () => {
  it('word every reason the server can refuse a field for, in Turkish', () => {
    for (const code of FIELD_REASON_CODES) {
      const issue = { field: 'name', code, params: FIGURES } as unknown as FieldIssue;
      const text = adminErrorText(buildRefusal([issue]), { name: 'Ad' });
      expect(REASON_TEXT[code], code).toBeTypeOf('function');
      expect(text, code).toMatch(/^Ad: \S.*\.$/);
      expect(text, code).not.toContain(fieldReasonText(code, FIGURES as never));
      expect(englishWordsIn(text), code).toEqual([]);
    }
  });

  it('word every error id the server answers with, in Turkish', () => {
    for (const id of API_ERROR_IDS) {
      const text = adminErrorText(failure(id === 'unauthorized' ? 401 : 400, { error: { id, message: 'English words', params: { area: 'ad2', bytes: 61_000, maxBytes: 51_200 } } }));
      expect(ERROR_TEXT[id], id).toBeTypeOf('function');
      expect(text, id).not.toBe('');
      expect(text, id).not.toContain('English words');
      expect(englishWordsIn(text), id).toEqual([]);
    }
  });

  it('name each refused field as the screen labels it, with its figures the Turkish way', () => {
    const text = adminErrorText(
      buildRefusal([
        { field: 'head_tags', code: 'too_long', params: { max: 50_000 } },
        { field: 'phoneLines.1.number', code: 'phone', params: {} },
        { field: 'addressLines.2', code: 'required', params: {} },
      ]),
      { head_tags: 'Head Etiketleri', 'phoneLines.#.number': '#. hat numarası', addressLines: 'Posta adresi' },
    );
    expect(text).toBe(
      'Head Etiketleri: En fazla 50.000 karakter olabilir. 2. hat numarası: Geçerli bir telefon numarası girin (rakamlar, boşluk ve + ( ) - . /). ' +
        'Posta adresi, 3. satır: Bu alan zorunlu.',
    );
    // A field no screen names keeps its own name, and the common ones are named everywhere.
    expect(fieldLabel('mystery', {})).toBe('mystery');
    expect(fieldLabel('page', {})).toBe('Sayfa');
  });

  it('say an ad code too large with its area and sizes, and a throttled login with its wait', () => {
    const tooLarge = failure(413, {
      error: { id: 'ad_code_too_large', message: 'ad2: at most 50 KB', params: { area: 'ad2', bytes: 61_000, maxBytes: 51_200 } },
    });
    expect(adminErrorText(tooLarge, { ad2: 'Reklam Alanı 2 (ad2)' })).toBe(
      'Reklam Alanı 2 (ad2): en fazla 50 KB (51.200 bayt) olabilir; bu kod 61.000 bayt. Hiçbir alan kaydedilmedi.',
    );
    const throttled = failure(429, { error: { id: 'too_many_attempts', message: 'Too many login attempts.' } }, 42);
    expect(adminErrorText(throttled)).toBe('Çok fazla başarısız deneme. Lütfen 42 saniye sonra tekrar deneyin.');
  });

  it('never show the server\'s English, even for an answer it does not know', () => {
    expect(adminErrorText(failure(418, { error: { id: 'teapot', message: 'I am a teapot' } }))).toBe(
      'Sunucu beklenmeyen bir yanıt verdi (HTTP 418). Lütfen yeniden deneyin.',
    );
    expect(adminErrorText(new ApiRequestError(502, '<html>Bad gateway</html>'))).toMatch(/^Sunucu beklenmeyen bir yanıt verdi \(HTTP 502\)/);
    expect(adminErrorText(new TypeError('Failed to fetch'))).toBe(UNREACHABLE_MESSAGE);
  });
});
