/** The registration calls (spec 3 §7.1). */
import type { RegistrationBody } from '@etp/contracts';
import { call } from '../../../api/call.ts';
import { OPERATIONS } from '../../../api/operations.ts';
import { phoneForServer } from '../signIn/signInApi.ts';

export const signUpApi = {
  sendCode: (phone: string) =>
    call(OPERATIONS.sendRegistrationCode, { body: { phone: phoneForServer(phone) } }),
  checkCode: (phone: string, code: string) =>
    call(OPERATIONS.checkRegistrationCode, { body: { phone: phoneForServer(phone), code } }),
  register: (body: RegistrationBody) =>
    call(OPERATIONS.register, { body: { ...body, phone: phoneForServer(body.phone) } }),
};
