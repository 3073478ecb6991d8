/**
 * Text as the screens' filters compare it: lower case, accents dropped and the Turkish dotless ı
 * read as i, so "cafe" finds "Café", "istanbul" finds "İstanbul" and "kirtasiye" finds "Kırtasiye".
 */
export const foldText = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replaceAll('ı', 'i');
