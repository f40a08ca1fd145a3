/**
 * MUI's Tooltip, fetched on the user's first interaction with the page (a pointer move, a touch, a key): the
 * tooltip and its positioning engine (Popper, about 12 kB gzip) stay out of what a page loads to be shown
 * (decisions/0145, 0230). Until the chunk arrives the child renders alone, with the tooltip's text as its
 * accessible name when that is what MUI would give it.
 */
import type { TooltipProps } from '@mui/material';
import { type ComponentType, cloneElement, isValidElement } from 'react';
import { idleModule, useIdleModule } from '../lib/idleModule.ts';

const tooltip = idleModule<ComponentType<TooltipProps>>(
  async () => (await import('@mui/material/Tooltip')).default,
);

export function DeferredTooltip(props: TooltipProps) {
  const Tooltip = useIdleModule(tooltip, 'interaction');
  if (Tooltip) return <Tooltip {...props} />;
  const { children, title, describeChild } = props;
  const child = children as React.ReactElement<Record<string, unknown>>;
  if (typeof title === 'string' && !describeChild && isValidElement(child) && !child.props['aria-label']) {
    return cloneElement(child, { 'aria-label': title });
  }
  return child;
}
