import type { BriefcaseStatsAttributes } from '@etp/contracts';
import { describe, expect, it } from 'vitest';
import {
  barPrice,
  histogramBands,
  lotGrowth,
  lotPriceText,
  MAX_BANDS,
  priceSeries,
  startTotalOfPriced,
  statsCounters,
  totalGrowth,
} from './statsView.ts';

const lot = (id: number, current: number | null, start: number, bids: number) => ({
  id,
  number: id,
  name: `Лот №${id}`,
  current_price: current,
  start_price: start,
  bids_count: bids,
  composite: false,
  in_totals: true,
});

const stats: BriefcaseStatsAttributes = {
  users: 2,
  downloaded: 1234,
  bids: 3,
  statuses: { total_lots: 3, with_bids: 2, finished_lots: 1 },
  current_price: 150_000_00,
  lots: [lot(1, 150_000_00, 100_000_00, 2), lot(2, null, 50_000_00, 1), lot(3, null, 70_000_00, 0)],
  histograms: {
    bids: [
      { time: '2026-11-22T12:00:00+03:00', bids: 2, users: 2 },
      { time: '2026-11-22T12:05:00+03:00', bids: 1, users: 1 },
    ],
    prices: [
      { x: '2026-11-22T12:00:40+03:00', amount_cents: 120_000_00, company_name: 'ООО «А»', lot_id: 1 },
      { x: '2026-11-22T12:05:10+03:00', amount_cents: 150_000_00, company_name: 'ООО «Б»', lot_id: 1 },
    ],
  },
};

describe('the statistics view', () => {
  it('lists the six counters, lots with bids and finished lots out of all lots', () => {
    expect(statsCounters(stats, '₽').map((c) => [c.key, c.value])).toEqual([
      ['users', '2'],
      ['downloaded', '1\u00a0234'],
      ['bids', '3'],
      ['withBids', '2 из 3'],
      ['finished', '1 из 3'],
      ['currentPrice', '150\u00a0000\u00a0₽'],
    ]);
  });

  it('explains a lot without a price: a hidden sealed price, or no bids yet', () => {
    const [priced, hidden, quiet] = stats.lots as [
      (typeof stats.lots)[number],
      (typeof stats.lots)[number],
      (typeof stats.lots)[number],
    ];
    expect(lotPriceText(priced, '₽')).toBe('150\u00a0000\u00a0₽');
    expect(lotPriceText(hidden, '₽')).toBe('Скрыта до окончания торгов');
    expect(lotPriceText(quiet, '₽')).toBe('Ставок нет');
    expect(lotGrowth(priced)).toBe('50,00%');
    expect(lotGrowth(quiet)).toBe('—');
    expect(stats.lots.map(barPrice)).toEqual([150_000_00, 50_000_00, 70_000_00]);
  });

  it('compares the current price with the start prices of the same lots only', () => {
    expect(startTotalOfPriced(stats.lots)).toBe(100_000_00);
    expect(totalGrowth(stats)).toBe('50,00%');
    expect(totalGrowth({ ...stats, current_price: 0, lots: [lot(3, null, 70_000_00, 0)] })).toBe('—');
  });

  it('labels the minutes in Moscow time and filters the price series by lot', () => {
    expect(histogramBands(stats)).toEqual({
      labels: ['12:00', '12:01', '12:02', '12:03', '12:04', '12:05'],
      bids: [2, 0, 0, 0, 0, 1],
      users: [2, 0, 0, 0, 0, 1],
      minutes: 1,
    });
    const all = priceSeries(
      {
        ...stats,
        histograms: {
          ...stats.histograms,
          prices: [
            ...stats.histograms.prices,
            { x: '2026-11-22T12:06:00+03:00', amount_cents: 60_000_00, company_name: 'ООО «В»', lot_id: 2 },
          ],
        },
      },
      null,
    );
    expect(all.times).toEqual([
      new Date('2026-11-22T09:00:40Z'),
      new Date('2026-11-22T09:05:10Z'),
      new Date('2026-11-22T09:06:00Z'),
    ]);
    expect(all.series).toEqual([
      {
        lotId: 1,
        name: 'Лот №1',
        amounts: [120_000_00, 150_000_00, null],
        companies: ['ООО «А»', 'ООО «Б»', null],
      },
      { lotId: 2, name: 'Лот №2', amounts: [null, null, 60_000_00], companies: [null, null, 'ООО «В»'] },
    ]);
    expect(priceSeries(stats, 2)).toEqual({ times: [], series: [] });
    expect(priceSeries({ ...stats, lots: [{ ...stats.lots[0]!, name: '7' }] }, 1).series[0]!.name).toBe(
      'Лот №7',
    );
    expect(priceSeries(stats, 1).series.map((x) => x.lotId)).toEqual([1]);
  });

  it('bands a long bidding wider, summing bids and keeping the busiest minute’s participants', () => {
    const long = {
      ...stats,
      histograms: {
        ...stats.histograms,
        bids: [
          { time: '2026-11-22T10:00:00+03:00', bids: 3, users: 2 },
          { time: '2026-11-22T10:07:00+03:00', bids: 1, users: 1 },
          { time: '2026-11-22T10:20:00+03:00', bids: 4, users: 3 },
          { time: '2026-11-22T16:59:00+03:00', bids: 2, users: 2 },
        ],
      },
    };
    const bands = histogramBands(long);
    expect(bands.minutes).toBe(5);
    expect(bands.labels).toHaveLength(84);
    expect(bands.labels.slice(0, 2)).toEqual(['10:00', '10:05']);
    expect(bands.bids.slice(0, 5)).toEqual([3, 1, 0, 0, 4]);
    expect(bands.users.slice(0, 5)).toEqual([2, 1, 0, 0, 3]);
    expect(bands.bids.reduce((a, b) => a + b, 0)).toBe(10);
    expect(bands.labels.at(-1)).toBe('16:55');

    const days = histogramBands({
      ...long,
      histograms: {
        ...long.histograms,
        bids: [long.histograms.bids[0]!, { time: '2026-11-23T09:00:00+03:00', bids: 1, users: 1 }],
      },
    });
    expect(days.minutes).toBe(30);
    expect(days.labels[0]).toBe('22.11 10:00');
    // A phone holds fewer bands: the same seven hours in 15-minute bands.
    expect(histogramBands(long, MAX_BANDS.narrow).minutes).toBe(15);
  });

  it('counts the whole-portfolio lot once: its start price is not added to its parts’ (issue 29)', () => {
    const whole = { ...lot(4, 160_000_00, 220_000_00, 1), composite: true, in_totals: false };
    const withWhole = { ...stats, lots: [...stats.lots, whole] };
    expect(startTotalOfPriced(withWhole.lots)).toBe(100_000_00);
    expect(totalGrowth(withWhole)).toBe(totalGrowth(stats));
  });
});
