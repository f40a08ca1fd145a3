/**
 * Downloads one of the procedure's files with the user's token; a failure is a toast. The list is read again
 * afterwards: the seller's download history has one more line.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../api/downloadFile.ts';
import { queryKeys } from '../../../api/queryKeys.ts';
import { errorText } from '../../../lib/errorText.ts';
import { toast } from '../../../lib/toast.ts';
import { DOCUMENTS_MESSAGES as T } from './messages.ts';

export function useDocumentDownload(briefcaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ link, name }: { link: string; name: string }) => downloadFile(link, name),
    onError: (error) => toast.error(errorText(error, T.downloadFailed)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.briefcaseDocumentsOf(briefcaseId) }),
  });
}
