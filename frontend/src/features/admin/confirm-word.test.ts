import { describe, expect, it } from 'vitest';
import { isConfirmWordTyped } from './confirm-word.ts';

describe('the confirmation word', () => {
  it.each(['SİL', 'sil', 'Sil', 'sİl', 'SIL', 'sıl', '  SİL ', 'SI\u0307L'])('accepts %j for SİL', (typed) => {
    expect(isConfirmWordTyped(typed, 'SİL')).toBe(true);
  });

  it.each(['', 'SİLL', 'SL', 'S İ L', 'delete', 'SİL!'])('refuses %j for SİL', (typed) => {
    expect(isConfirmWordTyped(typed, 'SİL')).toBe(false);
  });
});
