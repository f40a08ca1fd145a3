/** Sign-in, registration, passwords, the user and their profile, files, and the system's own calls. */
import { authResultSchema, userSchema } from '../auth.ts';
import { operation } from '../operation.ts';
import { profileSchema } from '../profile.ts';

export const authOperations = {
  authorizeByEmail: operation({
    method: 'POST',
    path: '/api/v2/auth/authorize_by_email',
    summary: 'Sign in with e-mail and password',
    tag: 'auth',
    public: true,
    reply: authResultSchema,
  }),
  authorize: operation({
    method: 'POST',
    path: '/api/v2/auth/authorize',
    summary: 'Sign in with a phone number and an SMS code',
    tag: 'auth',
    public: true,
    reply: authResultSchema,
  }),
  getUser: operation({
    method: 'GET',
    path: '/api/v1/user',
    summary: 'The signed-in user',
    tag: 'user',
    reply: userSchema,
  }),
  getProfile: operation({
    method: 'GET',
    path: '/api/v1/profile',
    summary: 'The signed-in user’s profile',
    tag: 'profile',
    reply: profileSchema,
  }),
} as const;
