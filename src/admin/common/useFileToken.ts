/**
 * A short-lived file token of the signed-in staff member, for the <img> tags of files
 * the public may not read (a draft post's cover: pb_hooks/files.pb.js serves it only
 * to whoever may read the post, and an <img> sends no Authorization header).
 * PocketBase's file tokens last 3 minutes: a token is reused for 2, so an image
 * loaded once keeps its URL while the screen stays open.
 */
import { useQuery } from '@tanstack/react-query';
import { useGetIdentity } from 'react-admin';
import { useAdminDataProvider } from '../dataProvider';

export function useFileToken(): string | undefined {
  const dataProvider = useAdminDataProvider();
  const { identity } = useGetIdentity();
  const { data } = useQuery({
    queryKey: ['file-token', identity?.id],
    queryFn: () => dataProvider.fileToken(),
    staleTime: 2 * 60_000,
    enabled: Boolean(identity?.id),
  });
  return data;
}
