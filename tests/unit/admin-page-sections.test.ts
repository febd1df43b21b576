import { describe, expect, test } from 'vitest';
import { SECTION_ID_PATTERN, emptySection, sectionProblems } from '../../shared/page-sections.js';
import {
  dropIndex,
  fieldPrefix,
  movedAnnouncement,
  newSectionId,
  parseFieldPath,
  problemsAt,
  sectionFieldValidator,
  sectionSummary,
  sectionsText,
  unplacedProblems,
} from '../../src/admin/pages/sections/sectionEditing';

/** Moves like the editor's list (react-hook-form's move): take out at `from`, put back at `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

describe('new section ids', () => {
  test('are lowercase base36 as SECTION_ID_PATTERN asks, and differ from the ids taken', () => {
    const pattern = new RegExp(SECTION_ID_PATTERN);
    const ids = new Set<string>();
    for (let n = 0; n < 200; n++) {
      const id = newSectionId(ids);
      expect(id).toMatch(pattern);
      expect(ids.has(id)).toBe(false);
      ids.add(id);
    }
  });

  test('draw again when the random one is taken', () => {
    const draws = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.5];
    let n = 0;
    const random = () => draws[Math.min(n++, draws.length - 1)]!;
    expect(newSectionId(['0000000000'], random)).toBe('i'.repeat(10));
  });
});

describe('moving sections by dragging', () => {
  const list = ['a', 'b', 'c', 'd'];
  const drop = (from: number, over: number, after: boolean) => moved(list, from, dropIndex(from, over, after)).join('');

  test('a section dropped before or after another lands right there', () => {
    expect(drop(0, 2, true)).toBe('bcad');
    expect(drop(0, 2, false)).toBe('bacd');
    expect(drop(3, 0, false)).toBe('dabc');
    expect(drop(3, 1, true)).toBe('abdc');
    expect(drop(0, 3, true)).toBe('bcda');
  });

  test('dropped on itself or at its own edge, it stays', () => {
    expect(drop(1, 1, false)).toBe('abcd');
    expect(drop(1, 1, true)).toBe('abcd');
    expect(drop(1, 0, true)).toBe('abcd');
    expect(drop(1, 2, false)).toBe('abcd');
  });

  test('a move is announced with the new position, counted from 1', () => {
    expect(movedAnnouncement(2, 7)).toBe('Seção movida para a posição 3 de 7');
  });
});

describe("a card's summary", () => {
  test('is the title, else the first text, else the first item of a list', () => {
    expect(sectionSummary({ type: 'cards', title: 'Nossos valores', items: [] })).toBe('Nossos valores');
    expect(sectionSummary({ type: 'text', title: '', body: '\n## Quem somos\nTexto.' })).toBe('Quem somos');
    expect(sectionSummary({ type: 'boxes', items: [{ title: 'Missão', text: 'x' }] })).toBe('Missão');
    expect(sectionSummary({ type: 'contact_form' })).toBe('');
    expect(sectionSummary({ heading: 'old' })).toBe('');
  });
});

describe('problems placed at their fields', () => {
  const cards = { ...emptySection('cards', 'abcd1234'), items: [{ title: '', description: 'ok', icon: 'cpu' }] };
  const header = { ...emptySection('page_header', 'efgh5678'), title: 'Sobre', anchor: 'Bad Anchor' };
  const sections = [header, cards];
  const problems = sectionProblems(sections);

  test('reads an input’s place from its form path', () => {
    expect(parseFieldPath('content.sections.1.items.0.title')).toEqual({ section: 1, key: 'title', list: 'items', item: 0 });
    expect(parseFieldPath('content.sections.0.anchor')).toEqual({ section: 0, key: 'anchor' });
    expect(parseFieldPath('name')).toBeNull();
  });

  test('each field gets the sentences about it, without the place', () => {
    const at = (source: string) => problemsAt(problems, fieldPrefix(sections, parseFieldPath(source)!)!);
    expect(at('content.sections.1.title')).toEqual(['Preencha este campo.']);
    expect(at('content.sections.1.items.0.title')).toEqual(['Preencha este campo.']);
    expect(at('content.sections.1.items.0.description')).toEqual([]);
    expect(at('content.sections.0.anchor')).toEqual(['Use letras minúsculas, números e hífens, começando por uma letra.']);
    expect(at('content.sections.0.title')).toEqual([]);
  });

  test('the validator answers what the server would refuse, and nothing once it is fixed', () => {
    const validate = sectionFieldValidator(true);
    const values = { content: { sections } };
    expect(validate('', values, { finalSource: 'content.sections.1.title' })).toBe('Preencha este campo.');
    const fixed = { content: { sections: [header, { ...cards, title: 'Valores' }] } };
    expect(validate('Valores', fixed, { finalSource: 'content.sections.1.title' })).toBeUndefined();
    expect(validate.isRequired).toBe(true);
  });

  test('what no field shows is listed above the sections', () => {
    expect(unplacedProblems(problems, sections)).toEqual([]);
    const odd = [header, { ...cards, id: header.id, extra: 1 }, { id: 'zzzz9999', type: 'carousel' }];
    expect(unplacedProblems(sectionProblems(odd), odd)).toEqual([
      'Seção 2 (Grade de cartões): identificador repetido.',
      'Seção 2 (Grade de cartões): campo desconhecido “extra”.',
      'Seção 3: tipo de seção desconhecido “carousel”.',
    ]);
  });
});

describe('sections as text, for comparing versions', () => {
  test('each section under its type, its filled fields by label, options by their labels, list items under their own heading', () => {
    const grid = {
      id: 'abcd1234',
      type: 'cards',
      title: 'Valores',
      style: 'tinted',
      tone: '',
      anchor: 'valores',
      items: [{ title: 'Prazo', description: 'No combinado.', icon: 'cpu' }],
    };
    const highlight = { id: 'efgh5678', type: 'highlight', title: 'Números', figures: ['unitsMade', 'clients'] };
    expect(sectionsText([grid, highlight])).toBe(
      [
        '## Grade de cartões',
        'Título: Valores',
        'Aparência: Cartões cinza, três por linha',
        '### Cartão 1',
        'Título: Prazo',
        'Descrição:\nNo combinado.',
        'Ícone: Processador',
        'Âncora: valores',
        '## Chamada com números',
        'Título: Números',
        'Números: unidades fabricadas, clientes atendidos',
      ].join('\n\n'),
    );
  });
});
