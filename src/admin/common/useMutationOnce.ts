/**
 * react-query's useMutation, started once at a time: a `mutate` while the same mutation
 * (its `mutationKey`) runs is dropped. The mutation shows as pending only at its next
 * render, so a double click would otherwise start it twice (two newsletter sends, two
 * erasures); the mutation cache knows at once (queryClient.isMutating).
 */
import { useMutation, useQueryClient, type MutationKey, type UseMutationOptions } from '@tanstack/react-query';

export function useMutationOnce<TData, TVariables = void>(
  options: UseMutationOptions<TData, Error, TVariables> & { mutationKey: MutationKey },
) {
  const queryClient = useQueryClient();
  const mutation = useMutation(options);
  const mutate: typeof mutation.mutate = (...args) => {
    if (queryClient.isMutating({ mutationKey: options.mutationKey, exact: true }) > 0) return;
    mutation.mutate(...args);
  };
  return { ...mutation, mutate };
}
