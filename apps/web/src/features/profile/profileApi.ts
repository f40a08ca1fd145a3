/** The personal profile's calls (spec 3 §7.2) and the hooks that keep the profile and the current user in step. */
import type { ChangePasswordBody, Profile } from '@etp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, callEnvelope } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { phoneForServer } from '../auth/signIn/signInApi.ts';

export const profileApi = {
  get: (signal?: AbortSignal) => call(OPERATIONS.getProfile, { signal }),
  /** PUT multipart: names, avatar, auth strategy, notification settings; only the given fields change. */
  update: (form: FormData) => call(OPERATIONS.updateProfile, { body: form }),
  changeEmail: (email: string) => callEnvelope(OPERATIONS.changeProfileEmail, { body: { email } }),
  sendPhoneCode: (phone: string) =>
    call(OPERATIONS.sendProfilePhoneCode, { body: { phone: phoneForServer(phone) } }),
  confirmPhone: (phone: string, code: string) =>
    call(OPERATIONS.confirmProfilePhone, { body: { phone: phoneForServer(phone), code } }),
  changePassword: (body: ChangePasswordBody) => call(OPERATIONS.changePassword, { body }),
  remove: () => call(OPERATIONS.deleteProfile),
  resendConfirmation: (email: string) => call(OPERATIONS.sendConfirmationInstructions, { body: { email } }),
};

/** A FormData of the given fields, in the bracket names the server reads (notifications_settings[lot_mailer][won]). */
export function profileForm(fields: Record<string, string | Blob>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

export function useProfile() {
  return useQuery({ queryKey: queryKeys.profile, queryFn: ({ signal }) => profileApi.get(signal) });
}

/** Puts a fresh profile into the caches of the profile and of the current user (the header, the guards). */
export function useApplyProfile(): (profile: Profile) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (profile: Profile) => {
      queryClient.setQueryData(queryKeys.profile, profile);
      queryClient.setQueryData(queryKeys.currentUser, profile);
    },
    [queryClient],
  );
}
