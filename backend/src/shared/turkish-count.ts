const counts = new Intl.NumberFormat('tr-TR');

/** A count in the admin's Turkish words: 1657 → "1.657", as the screens write it (frontend admin-format.ts `formatCount`). */
export const turkishCount = (value: number): string => counts.format(value);
