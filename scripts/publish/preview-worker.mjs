// The page preview's renderer process (scripts/publish/site-components.mjs starts it):
// one message per render, `{ id, component, props }`, answered by `{ id, html, css }`
// or `{ id, error }`. It ends with the publisher (the IPC channel closes).
import { componentRenderer } from './site-components.mjs';

const renderer = componentRenderer();

process.on('message', (/** @type {{ id: number, component: string, props: Record<string, unknown> }} */ request) => {
  renderer.render(request.component, request.props).then(
    (answer) => process.send?.({ id: request.id, ...answer }),
    (error) => process.send?.({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
