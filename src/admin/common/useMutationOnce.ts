/**
 * react-query's useMutation, started once at a time: a start while the same mutation
 * (its `mutationKey`) runs is dropped (`mutateAsync` then answers undefined). The
 * mutation shows as pending only at its next render, so a double click would otherwise
 * start it twice (two newsletter sends, two erasures); the mutation cache knows at once
 * (queryClient.isMutating).
 */
import { useMutation, useQueryClient, type MutationKey, type UseMutationOptions } from '@tanstack/react-query';

export function useMutationOnce<TData, TVariables = void>(
  options: UseMutationOptions<TData, Error, TVariables> & { mutationKey: MutationKey },
) {
  const queryClient = useQueryClient();
  const mutation = useMutation(options);
  const running = () => queryClient.isMutating({ mutationKey: options.mutationKey, exact: true }) > 0;
  const mutate: typeof mutation.mutate = (...args) => {
    if (!running()) mutation.mutate(...args);
  };
  const mutateAsync = async (...args: Parameters<typeof mutation.mutateAsync>): Promise<TData | undefined> =>
    running() ? undefined : mutation.mutateAsync(...args);
  return { ...mutation, mutate, mutateAsync };
}
