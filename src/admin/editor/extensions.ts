/**
 * What the visual editor understands, in one list shared by the editor and its
 * round-trip tests: the Markdown the site renders (src/config/markdown.ts) and
 * nothing it would not. Headings of every level are read (H2 and H3 in the
 * toolbar); underline, which Markdown cannot write, is left out.
 */
import { Extension, type AnyExtension } from '@tiptap/core';
import { Markdown } from '@tiptap/markdown';
import Image from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { PreservedBlock, PreservedInline } from './preserved';

/** Ctrl+K (Cmd+K on a Mac) asks for a link: `onLink` opens the editor's link dialog. */
const LinkShortcut = Extension.create<{ onLink: () => void }>({
  name: 'linkShortcut',
  addOptions: () => ({ onLink: () => {} }),
  addKeyboardShortcuts() {
    return {
      'Mod-k': () => {
        this.options.onLink();
        return true;
      },
    };
  },
});

/**
 * The extensions, parsing and writing Markdown.
 * @param onLink what Ctrl+K does (the editor opens its link dialog)
 */
export function editorExtensions(onLink: () => void = () => {}): AnyExtension[] {
  return [
    StarterKit.configure({
      underline: false,
      link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      codeBlock: { defaultLanguage: null, enableTabIndentation: true },
    }),
    TableKit.configure({ table: { resizable: false } }),
    Image.configure({ inline: false }),
    TaskList,
    TaskItem.configure({ nested: true }),
    PreservedInline,
    PreservedBlock,
    Markdown.configure({ indentation: { style: 'space', size: 2 } }),
    LinkShortcut.configure({ onLink }),
  ];
}
