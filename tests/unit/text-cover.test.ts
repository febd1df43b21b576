import { describe, expect, test } from 'vitest';
import { textCoverSvg, wrapTitle } from '../../src/lib/blog/text-cover.mjs';

describe('generated text cover', () => {
  test('wraps the title in lines of at most 26 characters, and ends a fifth line’s worth in an ellipsis', () => {
    expect(wrapTitle('Função map no Arduino', 26)).toEqual(['Função map no Arduino']);
    const long = wrapTitle(
      'Como ligar sensores, atuadores, inversores e IHMs ao controlador industrial com ESP32 sem ruído na rede RS485',
      26,
    );
    expect(long).toHaveLength(4);
    expect(long.every((line) => line.length <= 26)).toBe(true);
    expect(long[3]).toMatch(/…$/);
  });

  test('prints the title and category as text, escaped, in the category’s colours', () => {
    const svg = textCoverSvg({ title: 'x < y && <script>', category: 'Tutoriais' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('>x &lt; y &amp;&amp; &lt;script&gt;</text>');
    expect(svg).toContain('#b45309');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1200 630"/);
    // An unknown category falls back to the brand's blue.
    expect(textCoverSvg({ title: 'T', category: 'Outra' })).toContain('#0b3d6e');
  });
});
