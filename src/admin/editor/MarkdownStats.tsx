/** Under the body: its words and reading time, as the article's header will show them. */
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo } from 'react';
import { formatNumber } from '../../lib/format';
import { countWords, readingMinutes } from '../../lib/blog/reading';

export function MarkdownStats({ markdown }: { markdown: string }) {
  // Counting a long post is a few milliseconds: never in the way of typing.
  const text = useDeferredValue(markdown);
  const { words, minutes } = useMemo(() => ({ words: countWords(text), minutes: readingMinutes(text) }), [text]);
  return (
    <Typography variant="caption" color="text.secondary" aria-live="polite" data-markdown-stats>
      {`${formatNumber(words)} ${words === 1 ? 'palavra' : 'palavras'} · ${minutes} min de leitura`}
    </Typography>
  );
}
