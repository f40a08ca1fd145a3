/** The registration calls (spec 3 §7.1). */
import type { AuthResult, CodeSent, RegistrationBody } from '@etp/contracts';
import { apiClient } from '../../../api/apiClient.ts';
import { phoneForServer } from '../signIn/signInApi.ts';

const post = <T>(path: string, body: unknown) =>
  apiClient.request<T>(path, { method: 'POST', body, auth: false });

export const signUpApi = {
  sendCode: (phone: string) => post<CodeSent>('/api/v2/registrations/sms', { phone: phoneForServer(phone) }),
  checkCode: (phone: string, code: string) =>
    post<null>('/api/v2/registrations/check_sms', { phone: phoneForServer(phone), code }),
  register: (body: RegistrationBody) =>
    post<AuthResult>('/api/v2/registrations', { ...body, phone: phoneForServer(body.phone) }),
};
