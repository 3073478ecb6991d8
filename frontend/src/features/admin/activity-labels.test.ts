import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@directory/backend/shared/audit-actions.ts';
import { actionLabel } from './activity-labels.ts';

describe('the activity list names actions in Turkish', () => {
  it('words the audit codes, and keeps a code it does not know as it is', () => {
    expect(actionLabel('test-data.delete')).toBe('Test verileri silindi');
    expect(actionLabel('slugs.fix')).toBe("URL'ler düzeltildi");
    expect(actionLabel('import.file')).toBe('Dosya içe aktarıldı');
    expect(actionLabel('write.refused')).toBe('İstek reddedildi');
    expect(actionLabel('contact-details.save')).toBe('İletişim bilgileri kaydedildi');
    expect(actionLabel('business.delete-all')).toBe('Tüm işletmeler silindi');
    expect(actionLabel('business.bulk-delete')).toBe('İşletmeler toplu silindi');
    expect(actionLabel('password.change')).toBe('Şifre değiştirildi');
    expect(actionLabel('import.something-new')).toBe('import.something-new');
    // A name Object.prototype has is a code like any other unknown one.
    expect(actionLabel('constructor')).toBe('constructor');
  });

  it('gives every action the backend records a label of its own', () => {
    const labels = AUDIT_ACTIONS.map(actionLabel);
    for (const [index, action] of AUDIT_ACTIONS.entries()) expect(labels[index], action).not.toBe(action);
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
  });
});
