// Blog scale benchmark: copies the project into a temporary folder, generates N
// extra MDX articles there (never in the repository), builds the site and reports
// the build time per article and what /blog sends up front.
//   node scripts/bench-blog.mjs [N=1000]
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './lib/paths.mjs';

const count = Number(process.argv[2] ?? 1000);
const CATEGORIES = ['Técnico', 'Negócios', 'Casos de Sucesso', 'Tutoriais'];
const work = mkdtempSync(path.join(tmpdir(), 'bench-blog-'));

/** @param {string} dir */
function build(dir) {
  const started = process.hrtime.bigint();
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--silent'], {
    cwd: dir,
    stdio: 'inherit',
  });
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** @param {string} file */
const sizes = (file) => {
  const body = readFileSync(file);
  return { bytes: body.length, gzip: gzipSync(body).length };
};

try {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  for (const file of files) cpSync(path.join(ROOT, file), path.join(work, file), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'), 'dir');

  process.stderr.write(`[bench] Build de referência (${work})…\n`);
  const baseline = build(work);

  const cover =
    readFileSync(path.join(ROOT, 'src/content/blog/funcao-map-no-arduino.mdx'), 'utf8').match(/^image: (.+)$/m)?.[1] ?? '';
  for (let i = 1; i <= count; i++) {
    const day = new Date(Date.UTC(2015, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    writeFileSync(
      path.join(work, 'src/content/blog', `bench-artigo-${i}.mdx`),
      `---\nslug: bench-artigo-${i}\ntitle: Artigo de teste de carga número ${i}\nexcerpt: Um artigo gerado para medir o blog com muitos conteúdos (${i}).\nimage: ${cover}\nimageAlt: Capa do artigo de teste ${i}\nauthor: Equipe Operium\ndate: ${day}\ncategory: ${CATEGORIES[i % 4]}\ntags: [teste, carga, artigo-${i % 25}]\n---\n\n## Seção\n\nTexto do artigo ${i}, com **negrito** e \`código\`.\n\n\`\`\`cpp\nvoid setup() { Serial.begin(115200); }\nvoid loop() { Serial.println(${i}); delay(1000); }\n\`\`\`\n`,
    );
  }
  process.stderr.write(`[bench] Build com ${count} artigos a mais…\n`);
  const loaded = build(work);

  const dist = path.join(work, 'dist');
  const html = sizes(path.join(dist, 'blog', 'index.html'));
  const firstPage = sizes(path.join(dist, 'blog', 'dados', 'pagina-1.json'));
  const index = sizes(path.join(dist, 'blog', 'dados', 'indice.json'));
  const total = count + 10;
  console.log(`artigos: ${total}`);
  console.log(`build de referência: ${baseline.toFixed(1)} s; com ${count} artigos a mais: ${loaded.toFixed(1)} s`);
  console.log(`tempo de build por artigo adicional: ${(((loaded - baseline) / count) * 1000).toFixed(1)} ms`);
  console.log(`/blog (HTML): ${html.bytes} bytes (${html.gzip} gzip) — só a primeira página de cards`);
  console.log(`dados carregados de início: nenhum JSON; "Carregar mais" busca ${firstPage.bytes} bytes por página`);
  console.log(`índice de busca (só ao filtrar/buscar): ${index.bytes} bytes (${index.gzip} gzip) para ${total} artigos`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
