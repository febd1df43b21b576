/** A new post: drafts (or a post for review) for authors; editors and admins may publish or schedule at once. */
import { Create, useNotify, useRedirect, useTranslate } from 'react-admin';
import { useActor } from '../common/useActor';
import { clearLocalCopy, localCopyKey } from '../revisions/localCopy';
import { PostForm } from './PostForm';
import { toPostBody, type PostFormValues } from './postRules';

export default function PostCreate() {
  const { actor } = useActor();
  const notify = useNotify();
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Create
      title="Novo Post"
      transform={(values: PostFormValues) => toPostBody(values, { actor })}
      mutationOptions={{
        // Saved: the browser's copy of the unsaved new post has served its purpose.
        onSuccess: (data: { id: string }) => {
          clearLocalCopy(localCopyKey(actor?.id, 'posts'));
          notify('resources.posts.notifications.created', {
            type: 'info',
            messageArgs: { smart_count: 1, _: translate('ra.notification.created', { smart_count: 1 }) },
          });
          // On to the new post's own screen, which says where it stands on the site.
          redirect('edit', 'posts', data.id);
        },
      }}
    >
      <PostForm isNew />
    </Create>
  );
}
