/** The personal profile's calls (spec 3 §7.2) and the hooks that keep the profile and the current user in step. */
import type { ChangePasswordBody, CodeSent, Profile } from '@etp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient } from '../../api/apiClient.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { phoneForServer } from '../auth/signIn/signInApi.ts';

export const profileApi = {
  get: (signal?: AbortSignal) => apiClient.request<Profile>('/api/v1/profile', { signal }),
  /** PUT multipart: names, avatar, auth strategy, notification settings; only the given fields change. */
  update: (form: FormData) => apiClient.request<Profile>('/api/v1/profile', { method: 'PUT', body: form }),
  changeEmail: (email: string) =>
    apiClient.requestEnvelope<Profile>('/api/v1/profile', { method: 'PATCH', body: { email } }),
  sendPhoneCode: (phone: string) =>
    apiClient.request<CodeSent>('/api/v1/profile/sms', {
      method: 'POST',
      body: { phone: phoneForServer(phone) },
    }),
  confirmPhone: (phone: string, code: string) =>
    apiClient.request<Profile>('/api/v1/profile/confirm_phone', {
      method: 'POST',
      body: { phone: phoneForServer(phone), code },
    }),
  changePassword: (body: ChangePasswordBody) =>
    apiClient.request<null>('/api/v1/user/update_password', { method: 'PUT', body }),
  remove: () => apiClient.request<null>('/api/v1/profile', { method: 'DELETE' }),
  resendConfirmation: (email: string) =>
    apiClient.request<null>('/api/v2/confirmations/send_instructions', {
      method: 'POST',
      body: { email },
      auth: false,
    }),
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
