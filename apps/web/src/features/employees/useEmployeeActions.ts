import type { User } from '@etp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { errorText } from '../../lib/errorText.ts';
import { toast } from '../../lib/toast.ts';
import { employeesApi } from './employeesApi.ts';
import { EMPLOYEES_MESSAGES as T } from './messages.ts';

/** Remove an employee (or revoke an invitation) and hand over the owner rights, each with its toast (spec 3 §8). */
export function useEmployeeActions(onDone: () => void) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.employees });
    void queryClient.invalidateQueries({ queryKey: queryKeys.invited });
  };
  const remove = useMutation({
    mutationFn: (email: string) => employeesApi.remove(email),
    onSuccess: (answer) => {
      if (answer.message) toast.success(answer.message);
      refresh();
    },
    onError: (failure) => toast.error(errorText(failure, T.removeFailed)),
    onSettled: onDone,
  });
  const switchOwner = useMutation({
    mutationFn: (email: string) => employeesApi.switchOwner(email),
    onSuccess: (answer) => {
      // The previous owner becomes a collaborator: the page turns read-only for them at once.
      queryClient.setQueryData<User>(queryKeys.currentUser, answer.data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.company });
      if (answer.message) toast.success(answer.message);
      refresh();
    },
    onError: (failure) => toast.error(errorText(failure, T.ownerFailed)),
    onSettled: onDone,
  });
  return { remove, switchOwner };
}
