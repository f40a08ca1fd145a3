/**
 * The system's own calls: health, time, the live channel, the demo outbox and the browser journeys' test hooks.
 */
import { z } from 'zod';
import { serverTimeSchema } from '../dictionaries.ts';
import { idParams } from '../ids.ts';
import { operation } from '../operation.ts';
import {
  briefcaseAdvancedSchema,
  briefcaseStartMovedSchema,
  dealDeadlineMovedSchema,
  healthSchema,
  liveOutageBody,
  liveOutageSchema,
  lotEndMovedSchema,
  outboxMessageSchema,
  outboxQuery,
  secondsFromNowBody,
  secondsPassedBody,
} from '../system.ts';
import { ID_NET } from './idNet.ts';

export const systemOperations = {
  // --- The system ---
  getHealth: operation({
    method: 'GET',
    path: '/health',
    summary: 'Whether the server and its database answer',
    tag: 'system',
    public: true,
    errors: ID_NET,
    reply: healthSchema,
  }),
  getServerTime: operation({
    method: 'GET',
    path: '/time',
    summary: 'The server’s clock, and whether the demo simulator trades on this server',
    tag: 'system',
    public: true,
    errors: ID_NET,
    reply: serverTimeSchema,
  }),
  openLiveChannel: operation({
    method: 'GET',
    path: '/ws',
    summary: 'The live channel: lots, bids and procedures as they change (docs/LIVE.md)',
    tag: 'live',
    public: true,
    errors: ID_NET,
    reply: { websocket: true },
  }),
  getDevOutboxPage: operation({
    method: 'GET',
    path: '/dev/outbox',
    summary: 'The demo server’s sent messages as a page (from this machine only)',
    tag: 'dev',
    public: true,
    query: outboxQuery,
    errors: [404],
    reply: { html: true },
  }),
  listDevOutbox: operation({
    method: 'GET',
    path: '/dev/outbox.json',
    summary: 'The demo server’s sent messages, newest first (from this machine only)',
    tag: 'dev',
    public: true,
    query: outboxQuery,
    errors: [404],
    reply: z.array(outboxMessageSchema),
  }),

  // --- The browser journeys' hooks (NODE_ENV=test only, administrators) ---
  startLiveOutage: operation({
    method: 'POST',
    path: '/api/v1/test/live/outage',
    summary: 'Cut the live channel for a while, as a restarting server does',
    tag: 'test',
    body: liveOutageBody,
    reply: liveOutageSchema,
  }),
  moveLotEnd: operation({
    method: 'POST',
    path: '/api/v1/test/lots/:id/ends_in',
    summary: 'Move an active lot’s end to some seconds from now',
    tag: 'test',
    params: idParams,
    body: secondsFromNowBody,
    reply: lotEndMovedSchema,
  }),
  moveBriefcaseStart: operation({
    method: 'POST',
    path: '/api/v1/test/briefcases/:id/starts_in',
    summary: 'Bring an approved procedure’s start (and its lots’ times) to some seconds from now',
    tag: 'test',
    params: idParams,
    body: secondsFromNowBody,
    reply: briefcaseStartMovedSchema,
  }),
  advanceBriefcase: operation({
    method: 'POST',
    path: '/api/v1/test/briefcases/:id/advance',
    summary:
      'Move an active procedure’s times (and its lots’) back by some seconds, as if that much time had passed',
    tag: 'test',
    params: idParams,
    body: secondsPassedBody,
    reply: briefcaseAdvancedSchema,
  }),
  moveDealDeadline: operation({
    method: 'POST',
    path: '/api/v1/test/deals/:id/deadline_in',
    summary: 'Bring a deal’s running deadline (to sign, pay or answer) to some seconds from now',
    tag: 'test',
    params: idParams,
    body: secondsFromNowBody,
    reply: dealDeadlineMovedSchema,
  }),
} as const;
