import { hoursTextFor, WEEK_DAYS, type WeekDay } from '../hours.ts';

/** Monday to Sunday with today marked and 'Closed' in red. */
/** True when some day's hours can be shown. */
export const hasOpeningHours = (hours: Record<string, string> | null): hours is Record<string, string> =>
  hours !== null && WEEK_DAYS.some((day) => hoursTextFor(hours, day) !== null);

export function OpeningHours({ hours, today }: { hours: Record<string, string> | null; today: WeekDay }) {
  if (!hasOpeningHours(hours)) {
    return <p className="muted">Opening hours not available.</p>;
  }
  return (
    <table className="hours-table">
      <caption className="visually-hidden">Opening hours, Monday to Sunday</caption>
      <tbody>
        {WEEK_DAYS.map((day) => {
          const text = hoursTextFor(hours, day);
          const isToday = day === today;
          const isClosed = text !== null && text.trim().toLowerCase() === 'closed';
          return (
            <tr key={day} className={isToday ? 'hours-today' : undefined} aria-current={isToday ? 'date' : undefined}>
              <th scope="row">
                {day}
                {isToday && <span className="hours-today-badge">Today</span>}
              </th>
              <td className={isClosed ? 'hours-closed' : undefined}>{text ?? 'Not listed'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
