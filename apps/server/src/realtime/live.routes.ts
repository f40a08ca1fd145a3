/** The WebSocket endpoint /ws and who may subscribe to which channel. */
import type { LiveChannel } from '@etp/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext.ts';
import { documentRoute } from '../http/openapi.ts';
import type { AuthContext } from '../modules/auth/guards/routeGuards.ts';
import { resolveBriefcaseAccess } from '../modules/briefcases/access/viewerAccess.ts';
import type { Authorization, LiveHub } from './hub.ts';

const LIVE_MESSAGES = {
  briefcaseRequired: 'Не указана торговая процедура',
  notFound: 'Торговая процедура не найдена',
  notInGoodStanding: 'Доступно только аккредитованным компаниям',
  mastersOnly: 'Статистика доступна только организатору',
  adminsOnly: 'Доступно только администратору площадки',
} as const;

export async function authorizeChannel(
  ctx: AppContext,
  auth: AuthContext,
  channel: LiveChannel,
  briefcaseId: number | null,
): Promise<Authorization> {
  const admin = auth.user.role === 'admin';
  if (channel === 'AdminUsersStream') {
    return admin ? { ok: true, master: false } : { ok: false, message: LIVE_MESSAGES.adminsOnly };
  }
  // Every signed-in user: each deal_update says to whom it goes (the deal's companies and administrators).
  if (channel === 'DealsStream') return { ok: true, master: false };
  if (briefcaseId === null) return { ok: false, message: LIVE_MESSAGES.briefcaseRequired };
  const access = await resolveBriefcaseAccess(ctx.db, auth, briefcaseId);
  if (access.kind === 'not_in_good_standing') return { ok: false, message: LIVE_MESSAGES.notInGoodStanding };
  if (access.kind !== 'open') return { ok: false, message: LIVE_MESSAGES.notFound };
  if (channel === 'UsersStream' && !admin) return { ok: false, message: LIVE_MESSAGES.adminsOnly };
  if (channel === 'BriefcaseStats' && !access.master)
    return { ok: false, message: LIVE_MESSAGES.mastersOnly };
  return { ok: true, master: access.master };
}

/**
 * A simulated outage of the live channel (test hooks only, NODE_ENV=test): every open socket is closed as by a
 * restarting server (1012) and, until `until`, new ones are closed at once (1013, try again later).
 */
export class LiveOutage {
  readonly sockets = new Set<{ close(code?: number): void }>();
  until = 0;

  start(ms: number, now: number): void {
    this.until = now + ms;
    for (const socket of this.sockets) socket.close(1012);
  }
}

export function liveRoutes(hub: LiveHub, outage?: LiveOutage): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/ws',
      {
        websocket: true,
        config: {
          rateLimit: false,
          // @fastify/websocket hides its routes from the open API; this one is part of it (decisions/0126).
          swaggerTransform: (route) =>
            documentRoute({ ...route, schema: { description: LIVE_PROTOCOL } as never }),
        },
      },
      (socket) => {
        if (outage) {
          if (Date.now() < outage.until) {
            socket.close(1013);
            return;
          }
          outage.sockets.add(socket);
          socket.on('close', () => outage.sockets.delete(socket));
        }
        hub.attach(socket);
      },
    );
  };
}

/** How the open API describes the live channel's protocol (docs/LIVE.md; the messages are contracts live.ts). */
const LIVE_PROTOCOL =
  'Одно соединение на вкладку: сначала сообщение authenticate с jwt-токеном, затем subscribe/unsubscribe на каналы LotsStream, UsersStream, BriefcaseStats, BriefcaseStatus, BriefcaseQuestions (с briefcase_id) и DealsStream (без briefcase_id: сделки пользователя, администратору все). Сервер присылает {channel, briefcase_id, action, payload, t}.';
