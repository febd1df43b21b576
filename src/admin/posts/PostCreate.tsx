/** A new post: drafts for authors; editors and admins may publish or schedule at once. */
import { Create } from 'react-admin';
import { useActor } from '../common/useActor';
import { PostForm } from './PostForm';
import { toPostBody, type PostFormValues } from './postRules';

export default function PostCreate() {
  const { actor } = useActor();
  return (
    <Create title="Novo Post" redirect="list" transform={(values: PostFormValues) => toPostBody(values, { actor })}>
      <PostForm isNew />
    </Create>
  );
}
