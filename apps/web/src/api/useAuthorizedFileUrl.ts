import { useQuery } from '@tanstack/react-query';
import { apiClient } from './apiClient.ts';
import { queryKeys } from './queryKeys.ts';

/**
 * An object URL for a file the server shows only with the access token (avatars: decisions/0030), so an <img>
 * can display it. Null while loading, when there is no file, or when the server refuses it.
 */
export function useAuthorizedFileUrl(path: string | null): string | null {
  const query = useQuery({
    queryKey: queryKeys.file(path ?? ''),
    queryFn: async ({ signal }) => URL.createObjectURL(await apiClient.download(path as string, { signal })),
    enabled: path !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
    retry: false,
  });
  // The path of an avatar stays the same when it is replaced: its uploader drops the ['file'] entries.
  return path ? (query.data ?? null) : null;
}
