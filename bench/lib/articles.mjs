// Generated blog articles for the build benchmarks (bench/hugo.mjs, bench/standalone/blog.mjs).
// Deterministic: the same count always gives the same titles, dates, front matter and
// bodies, shaped like the real articles in src/content/blog/ (an introduction, a few
// sections with headings, paragraphs, a list, a table and a code block). The body has no
// braces or angle brackets outside code, so the same text is valid Markdown and MDX.

/** The blog's categories (src/lib/blog/filter.ts). */
export const CATEGORIES = ['Técnico', 'Negócios', 'Casos de Sucesso', 'Tutoriais'];

const SUBJECTS = [
  'entradas analógicas 0-10 V',
  'sensores 4-20 mA',
  'a comunicação RS-485',
  'o protocolo Modbus RTU',
  'saídas a relé',
  'termopares tipo K',
  'o watchdog do ESP32',
  'a memória NVS',
  'atualizações OTA',
  'o barramento I2C',
  'entradas digitais isoladas',
  'a fonte chaveada de 24 V',
  'o display TTL',
  'a porta serial USB',
  'o controle PID',
];
const ANGLES = [
  'Como configurar',
  'Guia prático de',
  'Erros comuns com',
  'Diagnóstico de falhas em',
  'Boas práticas para',
  'Primeiros passos com',
  'Medindo o desempenho de',
];
const TAGS = ['ESP32', 'STM32', 'Arduino IDE', 'Modbus', 'RS-485', 'Sensores', 'C++', 'Automação', 'Manutenção', 'Painel'];
const AUTHORS = ['Thiago Berndt', 'Equipe Operium', 'Mariana Lopes', 'Rafael Kunz'];
const SENTENCES = [
  'Em campo, a maior parte dos problemas aparece na instalação, não no programa.',
  'Antes de alterar o código, confira a alimentação e o aterramento do painel.',
  'Um multímetro de referência resolve dúvidas que nenhum log consegue esclarecer.',
  'O controlador registra a última falha na memória, o que ajuda na manutenção.',
  'Vale anotar cada valor medido para comparar depois com a leitura do conversor.',
  'Cabos longos pedem blindagem e a malha ligada ao terra em um só ponto.',
  'A documentação do fabricante do sensor indica a faixa e o tempo de resposta.',
  'Quando a leitura oscila, uma média móvel simples costuma ser suficiente.',
  'Os nossos controladores trazem proteção contra inversão de polaridade nas entradas.',
  'Em máquinas antigas, o ruído da rede elétrica é a causa mais frequente de leituras erradas.',
  'Teste cada alteração em bancada antes de levar o programa para a linha de produção.',
  'A biblioteca padrão da Arduino IDE cobre quase todos os casos sem dependências extras.',
  'Uma mudança pequena no tempo de amostragem pode reduzir muito o consumo do processador.',
  'O cliente percebeu a diferença já na primeira semana de operação.',
  'Registre as versões do firmware instaladas em cada painel para facilitar o suporte.',
  'Com a configuração certa, o mesmo programa atende linhas com sensores diferentes.',
];
const HEADINGS = [
  'Visão geral',
  'O que você vai precisar',
  'Ligação elétrica',
  'Configuração no programa',
  'Testes em bancada',
  'Problemas comuns',
  'Resultados em campo',
  'Próximos passos',
];
const STEPS = [
  'Desligue a alimentação do painel antes de mexer nos bornes',
  'Confira o modelo do controlador na etiqueta lateral',
  'Instale a versão mais recente do pacote na Arduino IDE',
  'Ligue o sensor respeitando a polaridade indicada no manual',
  'Ajuste a taxa de comunicação para 115200 bps',
  'Grave o programa e acompanhe o monitor serial',
  'Compare a leitura com um instrumento de referência',
];

/**
 * A small seeded pseudo-random generator (mulberry32), so every run writes the same text.
 * @param {number} seed
 */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * @template T
 * @param {() => number} next
 * @param {readonly T[]} list
 * @returns {T}
 */
const pick = (next, list) => /** @type {T} */ (list[Math.floor(next() * list.length)]);

/**
 * @template T
 * @param {() => number} next
 * @param {readonly T[]} list
 * @returns {T[]}
 */
function shuffled(next, list) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [/** @type {T} */ (copy[j]), /** @type {T} */ (copy[i])];
  }
  return copy;
}

/** @param {() => number} next */
const paragraph = (next) =>
  shuffled(next, SENTENCES)
    .slice(0, 4 + Math.floor(next() * 3))
    .join(' ');

/**
 * @typedef {{
 *   slug: string, title: string, excerpt: string, imageAlt: string, author: string,
 *   date: string, category: string, tags: string[], body: string,
 * }} BenchArticle
 */

/**
 * The n-th generated article (n from 1).
 * @param {number} n
 * @returns {BenchArticle}
 */
export function generateArticle(n) {
  const next = random(n);
  const subject = pick(next, SUBJECTS);
  const angle = pick(next, ANGLES);
  const tags = [...new Set([pick(next, TAGS), pick(next, TAGS), pick(next, TAGS)])];
  const sections = shuffled(next, HEADINGS).slice(0, 4);
  const steps = STEPS.slice(0, 4 + (n % 4));
  const body = [
    paragraph(next),
    `## ${sections[0]}`,
    paragraph(next),
    paragraph(next),
    `## ${sections[1]}`,
    paragraph(next),
    steps.map((step, index) => `${index + 1}. ${step}.`).join('\n'),
    `## ${sections[2]}`,
    paragraph(next),
    '| Parâmetro | Valor | Observação |\n| --- | --- | --- |\n' +
      `| Tensão | 24 V | fonte do painel |\n| Entradas | ${4 + (n % 12)} | isoladas |\n| Taxa | 115200 bps | padrão |`,
    `\`\`\`cpp\nconst int PINO_SENSOR = ${32 + (n % 8)};\n\nvoid setup() {\n  Serial.begin(115200);\n  analogReadResolution(12);\n}\n\nvoid loop() {\n  int leitura = analogRead(PINO_SENSOR);\n  long milivolts = map(leitura, 0, 4095, 0, 10000);\n  Serial.printf("artigo ${n}: %ld mV\\n", milivolts);\n  delay(1000);\n}\n\`\`\``,
    `## ${sections[3]}`,
    `${paragraph(next)} Use **sempre** a mesma referência e anote o valor de \`PINO_SENSOR\` usado.`,
    shuffled(next, SENTENCES)
      .slice(0, 3)
      .map((sentence) => `- ${sentence}`)
      .join('\n'),
    paragraph(next),
  ].join('\n\n');
  return {
    slug: `bench-artigo-${n}`,
    title: `${angle} ${subject} (artigo ${n})`,
    excerpt: `${angle} ${subject} nos controladores industriais: ligação, programa, testes e os problemas mais comuns em campo (${n}).`,
    imageAlt: `Ilustração do artigo ${n} sobre ${subject}`,
    author: pick(next, AUTHORS),
    date: new Date(Date.UTC(2015, 0, 1) + n * 86_400_000).toISOString().slice(0, 10),
    category: /** @type {string} */ (CATEGORIES[n % CATEGORIES.length]),
    tags,
    body,
  };
}

/**
 * The generated articles 1…count.
 * @param {number} count
 */
export function generateArticles(count) {
  return Array.from({ length: count }, (_, index) => generateArticle(index + 1));
}

/** @param {string} value YAML single-quoted scalar */
const quoted = (value) => `'${value.replaceAll("'", "''")}'`;

/**
 * The article as a Markdown file with YAML front matter, in the shape of our MDX
 * articles (the same text serves Astro as .mdx and Hugo as .md).
 * @param {BenchArticle} article
 * @param {{ image?: string }} [options] cover path relative to the file (Astro)
 */
export function articleFile(article, options = {}) {
  const lines = [
    '---',
    `slug: ${article.slug}`,
    `title: ${quoted(article.title)}`,
    `excerpt: ${quoted(article.excerpt)}`,
    ...(options.image ? [`image: ${options.image}`] : []),
    `imageAlt: ${quoted(article.imageAlt)}`,
    `author: ${quoted(article.author)}`,
    `date: ${article.date}`,
    `category: ${quoted(article.category)}`,
    `tags: [${article.tags.map(quoted).join(', ')}]`,
    '---',
  ];
  return `${lines.join('\n')}\n\n${article.body}\n`;
}
