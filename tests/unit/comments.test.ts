import { describe, expect, test } from 'vitest';
import { commentSchema, threadsOf, type CommentEntry } from '../../src/lib/cms/comments';
import { brasiliaDay, formatLongDate } from '../../src/lib/format';

const entry = (id: string, article: string, created: string, parent = ''): CommentEntry => ({
  id,
  data: { article, name: `Pessoa ${id}`, body: `Texto ${id}`, parent, created: new Date(created) },
});

describe('threadsOf', () => {
  test("an article's comments oldest first, each followed by the team's replies, and the count of all shown", () => {
    const comments = [
      entry('c2', 'map', '2026-11-02T10:00:00Z'),
      entry('r1', 'map', '2026-11-03T10:00:00Z', 'c1'),
      entry('c1', 'map', '2026-11-01T10:00:00Z'),
      entry('x1', 'outro', '2026-11-01T09:00:00Z'),
      entry('r0', 'map', '2026-11-02T11:00:00Z', 'c1'),
    ];
    const { threads, count } = threadsOf('map', comments);
    expect(threads.map((thread) => [thread.id, thread.replies.map((reply) => reply.id)])).toEqual([
      ['c1', ['r0', 'r1']],
      ['c2', []],
    ]);
    expect(count).toBe(4);
  });

  test('a reply whose comment is not shown (rejected later) is not shown nor counted', () => {
    const { threads, count } = threadsOf('map', [entry('r1', 'map', '2026-11-03T10:00:00Z', 'sumiu')]);
    expect(threads).toEqual([]);
    expect(count).toBe(0);
  });

  test('no comments: nothing to show', () => {
    expect(threadsOf('map', [])).toEqual({ threads: [], count: 0 });
  });
});

describe('commentSchema', () => {
  test('keeps the text exactly as typed and reads PocketBase dates', () => {
    const body = '  #include <Wire.h>\n\tx < y && y > 0';
    const parsed = commentSchema.parse({ article: 'map', name: 'Ana', body, parent: '', created: '2026-11-25 14:03:00.000Z' });
    expect(parsed.body).toBe(body);
    expect(parsed.created.toISOString()).toBe('2026-11-25T14:03:00.000Z');
  });
});

describe("a comment's date", () => {
  test('the day in Brasília, whatever the time zone of the build (tests/unit/format.test.ts tries the zones)', () => {
    expect(formatLongDate(brasiliaDay(new Date('2026-11-26T01:30:00Z')))).toBe('25 de novembro de 2026');
    expect(formatLongDate(brasiliaDay(new Date('2026-11-26T03:00:00Z')))).toBe('26 de novembro de 2026');
  });
});
