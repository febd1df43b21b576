import { describe, expect, it } from 'vitest';
import { changeState, type SiteBuild } from '../../src/admin/dashboard/publication';

const SAVED = '2026-11-29 10:00:00.000Z';

function build(state: SiteBuild['state'], started: string, extra: Partial<SiteBuild> = {}): SiteBuild {
  return {
    id: `${state}-${started}`,
    state,
    mode: 'local',
    reasons: [],
    started_at: started,
    finished_at: state === 'success' || state === 'failed' ? started.replace(/:\d\dZ$/, ':59Z') : '',
    created: started,
    duration_ms: 0,
    pages: 0,
    progress: '',
    log: '',
    ...extra,
  };
}

describe('where a saved change stands on the site', () => {
  it('is live once the live build started after the save', () => {
    expect(changeState(SAVED, [build('success', '2026-11-29T10:00:05Z')])).toEqual({
      state: 'live',
      at: '2026-11-29T10:00:59Z',
    });
  });

  it('is not live while the live build read the content before the save', () => {
    expect(changeState(SAVED, [build('success', '2026-11-29T09:59:00Z')])).toEqual({ state: 'waiting' });
    expect(changeState(SAVED, [])).toEqual({ state: 'waiting' });
  });

  it('is being published while a build is queued or running, even one that began before the save', () => {
    const older = build('success', '2026-11-29T09:00:00Z');
    expect(changeState(SAVED, [build('queued', '', { created: '2026-11-29T10:00:01Z' }), older])).toEqual({
      state: 'publishing',
    });
    expect(changeState(SAVED, [build('building', '2026-11-29T09:59:58Z'), older])).toEqual({ state: 'publishing' });
  });

  it('failed when the last build after the save failed and none followed', () => {
    const older = build('success', '2026-11-29T09:00:00Z');
    expect(changeState(SAVED, [build('failed', '2026-11-29T10:00:05Z'), older])).toEqual({ state: 'failed' });
    // A failure before the save says nothing about it.
    expect(changeState(SAVED, [build('failed', '2026-11-29T09:59:00Z'), older])).toEqual({ state: 'waiting' });
  });
});
