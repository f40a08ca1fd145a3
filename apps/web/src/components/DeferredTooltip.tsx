/**
 * MUI's Tooltip, fetched after the page has painted: the tooltip and its positioning engine (Popper, about 12 kB
 * gzip) stay out of the feed's and the card's first load (decisions/0145). Until the chunk arrives (a moment after
 * the first paint, when the browser is idle) the child renders alone, with the tooltip's text as its accessible
 * name when that is what MUI would give it.
 */
import type { TooltipProps } from '@mui/material';
import { type ComponentType, cloneElement, isValidElement, useEffect, useSyncExternalStore } from 'react';

let loaded: ComponentType<TooltipProps> | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function load(): void {
  loading ??= import('@mui/material/Tooltip').then((module) => {
    loaded = module.default;
    for (const listener of listeners) listener();
  });
}

function loadWhenIdle(): void {
  if (loading) return;
  const idle = (globalThis as { requestIdleCallback?: (callback: () => void) => number }).requestIdleCallback;
  if (idle) idle(load);
  else setTimeout(load, 1);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => loaded;

export function DeferredTooltip(props: TooltipProps) {
  const Tooltip = useSyncExternalStore(subscribe, current, current);
  useEffect(() => {
    if (!Tooltip) loadWhenIdle();
  }, [Tooltip]);
  if (Tooltip) return <Tooltip {...props} />;
  const { children, title, describeChild } = props;
  const child = children as React.ReactElement<Record<string, unknown>>;
  if (typeof title === 'string' && !describeChild && isValidElement(child) && !child.props['aria-label']) {
    return cloneElement(child, { 'aria-label': title });
  }
  return child;
}
