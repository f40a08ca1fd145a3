/**
 * A quantile regression forest (Meinshausen 2006) over ml-cart's CART regression trees: each tree is grown by
 * ml-cart on a random subsample of the lots and a random subset of the features; then every training lot is
 * dropped down every tree, and each leaf keeps the distribution (as at most LEAF_POINTS order statistics) of the
 * targets that land in it. A forecast's quantile τ is the τ-quantile of the mixture of the leaves the lot reaches,
 * one per tree, equally weighted. The target is the logarithm of the price's share of ОСЗ; quantiles commute
 * with the logarithm, so the median share is exp(median).
 *
 * Pure and synchronous: the server runs training in a worker thread (forecast.worker.ts), never on the thread
 * that answers bids.
 */
/// <reference path="./ml-cart.d.ts" />
import { DecisionTreeRegression } from 'ml-cart';

export interface ForestOptions {
  trees: number;
  /** Lots per tree, drawn without replacement (subbagging): keeps CART's quadratic split search bounded. */
  sampleSize: number;
  /** Share of the features each tree may split on. */
  featureFraction: number;
  /** A node with this many lots or fewer becomes a leaf. */
  minLeaf: number;
  maxDepth: number;
  seed: number;
}

/** Chosen on the demo history's backtest (bench/forecast): 40 trees of 160 lots train in seconds at any size. */
export const DEFAULT_FOREST_OPTIONS: ForestOptions = {
  trees: 40,
  sampleSize: 160,
  featureFraction: 0.8,
  minLeaf: 3,
  maxDepth: 12,
  seed: 17,
};

/** Order statistics a leaf keeps of its targets. */
const LEAF_POINTS = 24;

/** One tree, flattened: node i splits on `feature[i] < threshold[i]` or, when `feature[i]` is -1, is leaf `leaf[i]`. */
interface FlatTree {
  feature: number[];
  threshold: number[];
  left: number[];
  right: number[];
  leaf: number[];
  /** Per leaf, ascending targets (log shares). */
  leaves: number[][];
}

export interface ForestModel {
  kind: 'quantile_forest';
  encoding: number;
  features: number;
  trees: FlatTree[];
  /** The typical lot: per-column medians of the training vectors (the reasons compare against it). */
  reference: number[];
}

/** Mulberry32: a small seeded generator, so the same data and seed give the same forest. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function sample(random: () => number, n: number, k: number): number[] {
  const pool = Array.from({ length: n }, (_, i) => i);
  const take = Math.min(n, k);
  for (let i = 0; i < take; i++) {
    const j = i + Math.floor(random() * (n - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, take);
}

interface CartLike {
  splitColumn?: number;
  splitValue?: number;
  left?: CartLike;
  right?: CartLike;
}

function flatten(root: CartLike, columns: readonly number[]): FlatTree {
  const tree: FlatTree = { feature: [], threshold: [], left: [], right: [], leaf: [], leaves: [] };
  const visit = (node: CartLike): number => {
    const i = tree.feature.length;
    tree.feature.push(-1);
    tree.threshold.push(0);
    tree.left.push(-1);
    tree.right.push(-1);
    tree.leaf.push(-1);
    if (node.left && node.right && node.splitColumn !== undefined && node.splitValue !== undefined) {
      tree.feature[i] = columns[node.splitColumn]!;
      tree.threshold[i] = node.splitValue;
      tree.left[i] = visit(node.left);
      tree.right[i] = visit(node.right);
    } else {
      tree.leaf[i] = tree.leaves.length;
      tree.leaves.push([]);
    }
    return i;
  };
  visit(root);
  return tree;
}

function leafOf(tree: FlatTree, x: readonly number[]): number {
  let i = 0;
  while (tree.feature[i]! >= 0)
    i = x[tree.feature[i]!]! < tree.threshold[i]! ? tree.left[i]! : tree.right[i]!;
  return tree.leaf[i]!;
}

/** At most `k` evenly spaced order statistics of an ascending list (all of it when short). */
function orderStatistics(sorted: readonly number[], k: number): number[] {
  if (sorted.length <= k) return [...sorted];
  return Array.from({ length: k }, (_, i) => sorted[Math.round(((i + 0.5) * sorted.length) / k - 0.5)]!);
}

function columnMedians(x: readonly (readonly number[])[], features: number): number[] {
  return Array.from({ length: features }, (_, j) => {
    const col = x.map((row) => row[j]!).sort((a, b) => a - b);
    return col[Math.floor(col.length / 2)] ?? 0;
  });
}

/** Grows the forest on vectors `x` and targets `y` (log shares of ОСЗ). */
export function trainForest(
  x: readonly (readonly number[])[],
  y: readonly number[],
  encoding: number,
  options: ForestOptions = DEFAULT_FOREST_OPTIONS,
): ForestModel {
  if (x.length === 0 || x.length !== y.length) throw new Error('trainForest: no data');
  const features = x[0]!.length;
  const random = rng(options.seed);
  const perTree = Math.max(1, Math.round(features * options.featureFraction));
  const trees: FlatTree[] = [];
  for (let t = 0; t < options.trees; t++) {
    const rows = sample(random, x.length, options.sampleSize);
    const columns = sample(random, features, perTree).sort((a, b) => a - b);
    const cart = new DecisionTreeRegression({ minNumSamples: options.minLeaf, maxDepth: options.maxDepth });
    cart.train(
      rows.map((r) => columns.map((c) => x[r]![c]!)),
      rows.map((r) => y[r]!),
    );
    const tree = flatten(cart.root, columns);
    for (let i = 0; i < x.length; i++) tree.leaves[leafOf(tree, x[i]!)]!.push(y[i]!);
    tree.leaves = tree.leaves.map((values) =>
      orderStatistics(
        values.sort((a, b) => a - b),
        LEAF_POINTS,
      ),
    );
    trees.push(tree);
  }
  return { kind: 'quantile_forest', encoding, features, trees, reference: columnMedians(x, features) };
}

/** The leaves one lot reaches, one per tree (empty leaves, possible only with no data, are skipped). */
function reach(model: ForestModel, x: readonly number[]): number[][] {
  const out: number[][] = [];
  for (const tree of model.trees) {
    const leaf = tree.leaves[leafOf(tree, x)]!;
    if (leaf.length > 0) out.push(leaf);
  }
  return out;
}

/** Count of values ≤ v in an ascending list. */
function rank(sorted: readonly number[], v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The τ-quantile of the equally weighted mixture of the leaves' distributions, by bisection on the value. */
function mixtureQuantile(leaves: readonly (readonly number[])[], tau: number): number {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const leaf of leaves) {
    lo = Math.min(lo, leaf[0]!);
    hi = Math.max(hi, leaf[leaf.length - 1]!);
  }
  const cdf = (v: number) => {
    let s = 0;
    for (const leaf of leaves) s += rank(leaf, v) / leaf.length;
    return s / leaves.length;
  };
  if (cdf(lo) >= tau) return lo;
  for (let i = 0; i < 40 && hi - lo > 1e-6; i++) {
    const mid = (lo + hi) / 2;
    if (cdf(mid) >= tau) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Quantiles of the log share for one lot vector. */
export function forestQuantiles(model: ForestModel, x: readonly number[], taus: readonly number[]): number[] {
  const leaves = reach(model, x);
  if (leaves.length === 0) return taus.map(() => Number.NaN);
  return taus.map((tau) => mixtureQuantile(leaves, tau));
}
