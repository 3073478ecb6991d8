/**
 * Focuses a refused field in the middle of the window: scrolled only as far as it must, it would
 * sit at the top edge, under the toast that says why the save was refused on a phone.
 */
export function focusField(field: HTMLElement | null | undefined): void {
  if (!field) return;
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: 'center' });
}
