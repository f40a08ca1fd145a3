/** Small helpers to call the app the way a client does. */
import type { FastifyInstance } from 'fastify';
import { PASSWORD } from './factories.ts';

export async function signIn(app: FastifyInstance, email: string, password = PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v2/auth/authorize_by_email',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json().data as { jwt: { token: string; refresh_token: string } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
