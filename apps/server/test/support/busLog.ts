/** Records what the app publishes on its bus (the live messages and their audiences), for assertions. */
import type { BusEvent } from '../../src/realtime/bus.ts';
import type { TestApp } from './app.ts';

export function recordBus(t: TestApp) {
  const events: BusEvent[] = [];
  t.ctx.bus.subscribe((event) => events.push(event));
  return {
    events,
    /** Messages of one channel and action about one procedure, oldest first. */
    of: (channel: string, action: string, briefcaseId: number) =>
      events.filter(
        (e) =>
          e.message.channel === channel &&
          e.message.action === action &&
          e.message.briefcase_id === briefcaseId,
      ),
  };
}
