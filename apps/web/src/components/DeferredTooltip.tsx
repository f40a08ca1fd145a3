/**
 * MUI's Tooltip, fetched after the page has painted: the tooltip and its positioning engine (Popper, about 12 kB
 * gzip) stay out of the feed's and the card's first load (decisions/0145). Until the chunk arrives (a moment after
 * the first paint, when the browser is idle) the child renders alone, with the tooltip's text as its accessible
 * name when that is what MUI would give it.
 */
import type { TooltipProps } from '@mui/material';
import { type ComponentType, cloneElement, isValidElement } from 'react';
import { idleModule, useIdleModule } from '../lib/idleModule.ts';

const tooltip = idleModule<ComponentType<TooltipProps>>(
  async () => (await import('@mui/material/Tooltip')).default,
);

export function DeferredTooltip(props: TooltipProps) {
  const Tooltip = useIdleModule(tooltip);
  if (Tooltip) return <Tooltip {...props} />;
  const { children, title, describeChild } = props;
  const child = children as React.ReactElement<Record<string, unknown>>;
  if (typeof title === 'string' && !describeChild && isValidElement(child) && !child.props['aria-label']) {
    return cloneElement(child, { 'aria-label': title });
  }
  return child;
}
