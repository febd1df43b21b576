/**
 * Two versions of a text compared word by word (jsdiff), for the history and the
 * conflict and recovery dialogs: runs of unchanged words, added words, removed words.
 * Long unchanged runs are folded to their edges so a change in a 20,000-word post
 * shows at once (and renders fast); the reader may unfold them.
 */
import { diffLines, diffWordsWithSpace, type ChangeObject } from 'diff';

export type PartKind = 'same' | 'added' | 'removed';

export interface DiffPart {
  kind: PartKind;
  text: string;
}

/** Past this (ms), word by word gives way to line by line: texts that different read better by lines anyway. */
const WORD_DIFF_BUDGET_MS = 150;

function toParts(changes: ChangeObject<string>[]): DiffPart[] {
  return changes.map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}

/**
 * The parts that turn `before` into `after`.
 * @example wordDiff('o sensor lê', 'o sensor mede') // same 'o sensor ', removed 'lê', added 'mede'
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  if (before === after) return before ? [{ kind: 'same', text: before }] : [];
  const words = diffWordsWithSpace(before, after, { timeout: WORD_DIFF_BUDGET_MS });
  return toParts(words ?? diffLines(before, after));
}

/** Whether anything changed. */
export function hasChanges(parts: DiffPart[]): boolean {
  return parts.some((part) => part.kind !== 'same');
}

export interface FoldedPart extends DiffPart {
  /** For a folded unchanged run: the words left out between `text` (its start) and `tail` (its end). */
  hidden?: { words: number; middle: string; tail: string };
}

/** Unchanged runs longer than this many words are folded. */
const FOLD_OVER = 80;
/** Words kept on each side of a fold. */
const EDGE = 25;

/**
 * Folds long unchanged runs, keeping EDGE words of context on each side (only the side
 * next to a change at the start or the end of the text).
 */
export function foldUnchanged(parts: DiffPart[]): FoldedPart[] {
  return parts.map((part, index) => {
    if (part.kind !== 'same') return part;
    const tokens = part.text.split(/(\s+)/);
    const words = tokens.filter((token) => token.trim() !== '').length;
    if (words <= FOLD_OVER) return part;
    const keepStart = index === 0 ? 0 : EDGE;
    const keepEnd = index === parts.length - 1 ? 0 : EDGE;
    const cut = (count: number) => {
      // Index in `tokens` just after the count-th word.
      let seen = 0;
      for (let at = 0; at < tokens.length; at++) {
        if (tokens[at]!.trim() !== '') seen += 1;
        if (seen === count) return at + 1;
      }
      return tokens.length;
    };
    const startAt = keepStart ? cut(keepStart) : 0;
    const endAt = keepEnd ? cut(words - keepEnd) : tokens.length;
    return {
      kind: 'same',
      text: tokens.slice(0, startAt).join(''),
      hidden: {
        words: words - keepStart - keepEnd,
        middle: tokens.slice(startAt, endAt).join(''),
        tail: tokens.slice(endAt).join(''),
      },
    };
  });
}
