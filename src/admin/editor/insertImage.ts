/**
 * Puts an image in the document where the writer is: at the cursor, after the image
 * or block that is selected (a picture just inserted stays, never replaced by the
 * next), or where a file was dropped; the cursor goes on past it, so writing and
 * pasting carry on below the image as in Ghost or WordPress.
 */
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import type { EditorImage } from './images';

export function insertImage(view: EditorView, image: EditorImage, at?: number): void {
  const { state } = view;
  const node = state.schema.nodes.image!.create({ src: image.src, alt: image.alt });
  const position = at ?? (state.selection instanceof NodeSelection ? state.selection.to : undefined);
  const tr = position === undefined ? state.tr.replaceSelectionWith(node) : state.tr.replaceRangeWith(position, position, node);
  // The inserted node ends where the mapped selection's head now is, or at `position` plus its size.
  const after = position === undefined ? tr.selection.head : tr.mapping.map(position) + node.nodeSize;
  tr.setSelection(TextSelection.near(tr.doc.resolve(Math.min(after, tr.doc.content.size))));
  view.dispatch(tr.scrollIntoView());
  view.focus();
}
