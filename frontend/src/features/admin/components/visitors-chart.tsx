import { formatCount } from '../admin-format.ts';

const WIDTH = 600;
const HEIGHT = 160;
const GAP = 4;

/** The last 30 days of visitors as bars (plain SVG), each with its date and count as a tooltip. */
export function VisitorsChart({ days }: { days: { date: string; count: number }[] }) {
  const max = Math.max(1, ...days.map((day) => day.count));
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const barWidth = days.length ? WIDTH / days.length - GAP : 0;
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <figure className="admin-chart">
      <div className="admin-chart-plot">
        <span className="admin-chart-max">{formatCount(max)}</span>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`Son ${days.length} günde ${formatCount(total)} ziyaretçi; en yüksek gün ${formatCount(max)}`}
        >
          <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="admin-chart-axis" />
          {days.map((day, index) => {
            const height = (day.count / max) * (HEIGHT - 8);
            return (
              <rect
                key={day.date}
                x={index * (barWidth + GAP) + GAP / 2}
                y={HEIGHT - height}
                width={barWidth}
                height={Math.max(height, day.count > 0 ? 2 : 0)}
                rx="2"
                className={index === days.length - 1 ? 'admin-chart-bar today' : 'admin-chart-bar'}
              >
                <title>{`${day.date}: ${formatCount(day.count)}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      {first && last && (
        <figcaption className="admin-chart-caption">
          <span>{first.date}</span>
          <span>
            Toplam {formatCount(total)} · günlük ortalama {formatCount(Math.round(total / days.length))}
          </span>
          <span>{last.date}</span>
        </figcaption>
      )}
    </figure>
  );
}
