import { describe, expect, test } from 'vitest';
import { COMPAT_TARGETS, compatForIslands, importsOnPreact } from '../../src/integrations/preact-islands.mjs';

describe('islands on Preact', () => {
  test('React imports and re-exports point at preact/compat; everything else is left alone', () => {
    const source = [
      "import { useEffect, useId, type ChangeEvent } from 'react';",
      'import { createPortal } from "react-dom";',
      "export { jsx } from 'react/jsx-runtime';",
      "import 'react-dom/client';",
      "import { icons } from '../components/ui/icons';",
      "import KeenSlider from 'keen-slider';",
      "import { something } from 'react-markdown';",
      "const label = 'from react';",
    ].join('\n');
    expect(importsOnPreact(source).split('\n')).toEqual([
      "import { useEffect, useId, type ChangeEvent } from 'preact/compat';",
      'import { createPortal } from "preact/compat";',
      "export { jsx } from 'preact/jsx-runtime';",
      "import 'preact/compat/client';",
      "import { icons } from '../components/ui/icons';",
      "import KeenSlider from 'keen-slider';",
      "import { something } from 'react-markdown';",
      "const label = 'from react';",
    ]);
  });

  test('only modules under src/islands are rewritten', () => {
    const plugin = compatForIslands();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const code = "import { useState } from 'react';";
    expect(transform.call({}, code, '/app/src/islands/ContactForm.tsx?v=1')?.code).toBe(
      "import { useState } from 'preact/compat';",
    );
    expect(transform.call({}, code, '/app/src/admin/App.tsx')).toBeNull();
    expect(transform.call({}, code, '/app/node_modules/x/src/islands/y.js')).toBeNull();
  });

  test('every target is a module Preact ships', async () => {
    for (const target of new Set(Object.values(COMPAT_TARGETS))) {
      await expect(import(target), target).resolves.toBeTruthy();
    }
  });
});
