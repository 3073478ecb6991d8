import { describe, expect, it } from 'vitest';
import { foldText } from './fold-text.ts';

describe('foldText', () => {
  it('drops case and accents, Turkish letters included', () => {
    expect(foldText('Café Crème')).toBe('cafe creme');
    expect(foldText('İSTANBUL Kırtasiye ŞİŞLİ Güzellik Salonu')).toBe('istanbul kirtasiye sisli guzellik salonu');
    expect(foldText('Réunion')).toBe('reunion');
  });
});
