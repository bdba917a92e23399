import { CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';
import type { WalletCategoryFigures } from '@tendly/domain/api/funding-wallet';
import { formatCents } from '@tendly/domain/format';
import { formatLongDate } from '@tendly/domain/validation/compliance-documents';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Legend);

/** Dark enough for 3:1 against white (WCAG 2.2 non-text contrast); the forecast is also dashed, so colour is not the only cue. */
const ACTUAL_COLOUR = '#1864ab';
const FORECAST_COLOUR = '#862e9c';

/**
 * The burn-down of one category: remaining budget at each week's end, spent so far as a solid
 * line and the forecast dashed. Loaded only with the wallet page (chart.js is large). The canvas
 * is an image with a name; the same figures are in the table beside it.
 */
export default function BurnDownChart({ points, name }: { points: WalletCategoryFigures['burnDown']; name: string }) {
  const labels = points.map((point) => formatLongDate(point.weekEnd));
  const lastActual = points.findLastIndex((point) => !point.isForecast);
  const data = {
    labels,
    datasets: [
      {
        label: 'Remaining (actual)',
        data: points.map((point) => (point.isForecast ? null : point.remainingCents / 100)),
        borderColor: ACTUAL_COLOUR,
        backgroundColor: ACTUAL_COLOUR,
        pointRadius: 0,
      },
      {
        label: 'Remaining (forecast)',
        // Starts from the last actual point, so the two lines meet.
        data: points.map((point, index) => (point.isForecast || index === lastActual ? point.remainingCents / 100 : null)),
        borderColor: FORECAST_COLOUR,
        backgroundColor: FORECAST_COLOUR,
        borderDash: [6, 4],
        pointRadius: 0,
      },
    ],
  };
  return (
    <div style={{ position: 'relative', height: 240 }}>
      <Line
        role="img"
        aria-label={name}
        fallbackContent={<p>{name}: the table below has the same figures.</p>}
        data={data}
        options={{
          animation: false,
          maintainAspectRatio: false,
          responsive: true,
          spanGaps: false,
          scales: {
            x: { ticks: { maxTicksLimit: 6, color: '#343a40' } },
            y: { ticks: { color: '#343a40', callback: (value) => formatCents(Math.round(Number(value) * 100)) } },
          },
          plugins: {
            legend: { labels: { color: '#212529' } },
            tooltip: { callbacks: { label: (context) => `${context.dataset.label ?? ''}: ${formatCents(Math.round(Number(context.parsed.y) * 100))}` } },
          },
        }}
      />
    </div>
  );
}
