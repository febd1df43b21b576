// The admin's version comparison (src/admin/revisions/VersionDiff.tsx) alone in a
// page, for bench/revisions.mjs: window.renderDiff(before, after) renders it and
// answers the milliseconds from the start to the laid-out result (the word diff, React's
// render and commit, and the browser's layout).
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { VersionDiff } from '../../src/admin/revisions/VersionDiff';

declare global {
  interface Window {
    renderDiff: (before: string, after: string) => number;
  }
}

window.renderDiff = (before, after) => {
  const host = document.createElement('div');
  document.body.replaceChildren(host);
  const root = createRoot(host);
  const started = performance.now();
  flushSync(() =>
    root.render(
      <VersionDiff
        resource="posts"
        before={{ title: 'Guia', excerpt: 'Resumo', content: before }}
        after={{ title: 'Guia', excerpt: 'Resumo', content: after }}
        labels={{ before: 'a versão anterior', after: 'a atual' }}
      />,
    ),
  );
  // Reading a layout property makes the browser lay the result out now.
  void document.body.offsetHeight;
  return performance.now() - started;
};
