/**
 * The dashboard's chart (decision 123): revenue per day or week as bars (left scale, pounds) and
 * orders as a line with points (right scale), drawn by uPlot on a canvas that follows its box's
 * width (readable at 390 px: fewer labels, not smaller ones). Loaded on its own (React.lazy from
 * Dashboard.tsx), so uPlot's bytes are fetched by the admin home only. The canvas is an image
 * for a screen reader, named by `label`; the figures themselves are in the table alternative.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DashboardBucket } from '@shared/contracts/dashboard';
import { formatPounds } from '../../../lib/format';
import { formatShortDay } from './period';
import styles from './Dashboard.module.css';

const HEIGHT = 260;
const REVENUE_COLOUR = '#7a2e12'; // --color-brand
const ORDERS_COLOUR = '#1f5f5b'; // --color-accent

function chartOptions(buckets: DashboardBucket[], width: number): uPlot.Options {
  const bucketName = (index: number) => {
    const bucket = Number.isInteger(index) ? buckets[index] : undefined;
    return bucket ? formatShortDay(bucket.from) : '';
  };
  return {
    width,
    height: HEIGHT,
    legend: { show: true, live: true },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: false, range: [-0.5, Math.max(buckets.length - 0.5, 0.5)] },
      pounds: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.1] },
      orders: { range: (_u, _min, max) => [0, Math.max(Math.ceil(max * 1.1), 1)] },
    },
    series: [
      {
        label: buckets.length > 0 && buckets[0]!.from !== buckets[0]!.to ? 'Week of' : 'Day',
        value: (_u, index) => (index === null ? '–' : bucketName(index)),
      },
      {
        label: 'Revenue',
        scale: 'pounds',
        stroke: REVENUE_COLOUR,
        fill: 'rgba(122, 46, 18, 0.55)',
        width: 1,
        paths: uPlot.paths.bars!({ size: [0.7, 48] }),
        points: { show: false },
        value: (_u, pounds) => (pounds === null ? '–' : formatPounds(pounds)),
      },
      {
        label: 'Orders',
        scale: 'orders',
        stroke: ORDERS_COLOUR,
        width: 2,
        points: { show: true, size: 6, fill: ORDERS_COLOUR },
        value: (_u, orders) => (orders === null ? '–' : String(orders)),
      },
    ],
    axes: [
      {
        incrs: [1, 2, 3, 7, 14, 28, 56],
        space: 56,
        values: (_u, splits) => splits.map(bucketName),
        grid: { show: false },
      },
      {
        scale: 'pounds',
        values: (_u, splits) => splits.map((pounds) => `£${pounds.toLocaleString('en-GB')}`),
        size: 64,
      },
      {
        scale: 'orders',
        side: 1,
        grid: { show: false },
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
        values: (_u, splits) => splits.map(String),
        size: 40,
      },
    ],
  };
}

export default function SalesChart({ buckets, label }: { buckets: DashboardBucket[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [
      buckets.map((_, index) => index),
      buckets.map((bucket) => bucket.revenue),
      buckets.map((bucket) => bucket.orders),
    ];
    const chart = new uPlot(chartOptions(buckets, element.clientWidth || 320), data, element);
    const resize = new ResizeObserver(() => {
      const width = element.clientWidth;
      if (width > 0 && width !== chart.width) chart.setSize({ width, height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [buckets]);

  return <div ref={box} className={styles.chart} role="img" aria-label={label} data-testid="sales-chart" />;
}
