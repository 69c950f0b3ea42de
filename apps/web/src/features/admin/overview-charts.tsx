import type { TAdminOverview } from "@plugs/domain";
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from "chart.js";
import { useEffect, useRef } from "react";
import { useTheme } from "../theme/theme.ts";

// Only the parts a bar chart needs, registered once: this module (and Chart.js) is its own chunk, loaded by the
// overview alone.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

type TSeries = "signups" | "posts" | "pointsPaid";

const DAY_LABEL = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const dayLabel = (day: string) => DAY_LABEL.format(new Date(`${day}T00:00:00Z`));

/** A colour of the theme (a CSS variable on <html>), read when the chart is drawn. */
const cssColor = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

function BarChart({
  days,
  series,
  label,
  color,
}: {
  days: TAdminOverview["days"];
  series: TSeries;
  label: string;
  color: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { theme } = useTheme();
  useEffect(() => {
    // Drawn again when the theme changes: the colours come from its CSS variables, read now.
    if (!canvas.current || !theme) return;
    const muted = cssColor("--muted");
    const grid = cssColor("--border");
    const chart = new Chart(canvas.current, {
      type: "bar",
      data: {
        labels: days.map((d) => dayLabel(d.day)),
        datasets: [
          { label, data: days.map((d) => d[series]), backgroundColor: cssColor(color), borderRadius: 3 },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { tooltip: { intersect: false, mode: "index" } },
        scales: {
          x: { ticks: { color: muted, maxRotation: 0, autoSkipPadding: 12 }, grid: { display: false } },
          y: { beginAtZero: true, ticks: { color: muted, precision: 0 }, grid: { color: grid } },
        },
      },
    });
    return () => chart.destroy();
  }, [days, series, label, color, theme]);
  const total = days.reduce((n, d) => n + d[series], 0);
  return (
    <figure className="flex min-w-0 flex-col gap-2 rounded-2xl border border-border bg-surface p-4">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-semibold">{label}</span>
        <span className="text-xs text-muted tabular-nums">{total.toLocaleString("en-US")} in 30 days</span>
      </figcaption>
      <div className="relative h-40">
        <canvas ref={canvas} role="img" aria-label={`${label} per day over the last 30 days`} />
      </div>
      <table className="sr-only">
        <caption>{label} per day</caption>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              <td>{d[series]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** The overview's three charts (Chart.js, drawn on a canvas with the theme's colours). */
export function OverviewCharts({ days }: { days: TAdminOverview["days"] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <BarChart days={days} series="signups" label="Sign-ups" color="--accent" />
      <BarChart days={days} series="posts" label="Posts" color="--foreground" />
      <BarChart days={days} series="pointsPaid" label="Points paid" color="--plug" />
    </div>
  );
}
