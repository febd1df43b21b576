// Docker cannot run on the development machines, so the Dockerfile is checked here:
// the dockerfile-utils linter finds no problem, and the image stays in step with the
// scripts it mirrors (Go and Node versions, PocketBase's build and serve flags, the
// files the publisher's builds read, the port, the volume, a non-root user).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validate, ValidationSeverity } from 'dockerfile-utils';
import { fromRoot, ROOT } from '../lib/paths.mjs';
import { serveArgs } from '../lib/pocketbase-process.mjs';
import { goBuildArgs, pinnedVersion } from '../pocketbase.mjs';
import { atLeast, excludes, includes, runChecks } from './report.mjs';

/** @param {string} file */
const read = (file) => readFileSync(fromRoot(file), 'utf8');
const dockerfile = read('Dockerfile');

/** @typedef {{ keyword: string, args: string, line: number }} Instruction */
/** @typedef {{ image: string, name: string, instructions: Instruction[] }} Stage */

/**
 * The Dockerfile's stages and their instructions, continuation lines joined.
 * @param {string} text
 * @returns {Stage[]}
 */
function parseStages(text) {
  /** @type {Stage[]} */
  const stages = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const start = index;
    let line = /** @type {string} */ (lines[index]).trim();
    if (!line || line.startsWith('#')) continue;
    while (line.endsWith('\\') && index + 1 < lines.length) line = `${line.slice(0, -1).trim()} ${String(lines[++index]).trim()}`;
    const [, keyword = '', args = ''] = /** @type {RegExpExecArray} */ (/^(\w+)\s+([\s\S]*)$/.exec(line));
    const instruction = { keyword: keyword.toUpperCase(), args: args.trim(), line: start + 1 };
    if (instruction.keyword === 'FROM') {
      const [image = '', , name] = instruction.args.split(/\s+/);
      stages.push({ image, name: name ?? String(stages.length), instructions: [] });
    } else {
      /** @type {Stage} */ (stages.at(-1)).instructions.push(instruction);
    }
  }
  return stages;
}

const stages = parseStages(dockerfile);
/** @param {string} name */
const stage = (name) => {
  const found = stages.find((item) => item.name === name);
  if (!found) throw new Error(`o Dockerfile não tem o estágio ${name}`);
  return found;
};
/** @param {Stage} of @param {string} keyword */
const all = (of, keyword) => of.instructions.filter((item) => item.keyword === keyword);
/** @param {Stage} of @param {string} keyword */
const one = (of, keyword) => {
  const found = all(of, keyword);
  assert.equal(found.length, 1, `${keyword} no estágio ${of.name}`);
  return /** @type {Instruction} */ (found[0]);
};
/**
 * ENV KEY=value pairs of a stage.
 * @param {Stage} of
 * @returns {Record<string, string | undefined>}
 */
const envOf = (of) => Object.fromEntries(all(of, 'ENV').flatMap((item) => item.args.split(/\s+/).map((pair) => pair.split('='))));
/**
 * COPY instructions as { from, sources, destination }.
 * @param {Stage} of
 */
const copiesOf = (of) =>
  all(of, 'COPY').map((item) => {
    const words = item.args.split(/\s+/);
    const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
    const paths = words.filter((word) => !word.startsWith('--'));
    return { from, sources: paths.slice(0, -1), destination: /** @type {string} */ (paths.at(-1)) };
  });
/**
 * @param {Instruction} instruction
 * @returns {string[]}
 */
const execForm = (instruction) => {
  assert.ok(instruction.args.startsWith('['), `${instruction.keyword} na forma exec (linha ${instruction.line})`);
  return JSON.parse(instruction.args);
};

/**
 * Where a path under the repository lands in the app image (WORKDIR /app).
 * @param {string} file
 */
const inImage = (file) => path.posix.join('/app', path.relative(ROOT, file).split(path.sep).join('/'));

const FINAL_STAGES = ['app', 'static'];
const startScript = read('scripts/start.mjs');
const defaultPort = Number(/** @type {RegExpExecArray} */ (/process\.env\.PORT \|\| (\d+)/.exec(startScript))[1]);
/** @param {string} text @param {RegExp} pattern the first group of its match */
const captured = (text, pattern) => {
  const match = pattern.exec(text);
  assert.ok(match, `${pattern} não encontrado`);
  return String(match[1]);
};

await runChecks('Dockerfile', [
  [
    'the dockerfile-utils linter finds no problem, with every optional rule on',
    () => {
      const everyRule = Object.fromEntries(
        [
          'deprecatedMaintainer',
          'directiveCasing',
          'emptyContinuationLine',
          'instructionCasing',
          'instructionCmdMultiple',
          'instructionEntrypointMultiple',
          'instructionHealthcheckMultiple',
          'instructionJSONInSingleQuotes',
          'instructionWorkdirRelative',
        ].map((rule) => [rule, ValidationSeverity.WARNING]),
      );
      const problems = validate(dockerfile, everyRule).map((item) => `linha ${item.range.start.line + 1}: ${item.message}`);
      assert.deepEqual(problems, []);
    },
  ],
  [
    'the linter itself catches a broken file',
    () => {
      assert.notDeepEqual(
        validate('FROM node:24\nWORKDIR app\nEXPOSE porta\n', { instructionWorkdirRelative: ValidationSeverity.ERROR }),
        [],
      );
    },
  ],
  [
    'every base image is pinned to a version',
    () => {
      const images = [
        ...stages.map((item) => item.image),
        ...stages.flatMap((item) => copiesOf(item).map((copy) => copy.from)).filter((from) => from?.includes(':')),
      ].filter(/** @returns {image is string} */ (image) => Boolean(image) && !stages.some((item) => item.name === image));
      atLeast(images.length, 4, 'imagens de base');
      for (const image of images) assert.match(image, /^[\w./-]+:(?!latest$)[\w.-]*\d[\w.-]*$/, image);
    },
  ],
  [
    'Go: the toolchain of server/go.mod and the build of scripts/pocketbase.mjs',
    async () => {
      const goStage = stage('pocketbase');
      const goDirective = captured(read('server/go.mod'), /^go (\d+\.\d+)/m);
      assert.match(goStage.image, new RegExp(`^golang:${goDirective.replace('.', '\\.')}\\.\\d+-`));

      // The same flags and environment as buildWithGo in scripts/pocketbase.mjs.
      const script = read('scripts/pocketbase.mjs');
      const ldflags = captured(script, /`(-s -w -X github\.com\/pocketbase\/pocketbase\.Version=)\$\{version\}`/);
      const build = all(goStage, 'RUN').find((item) => item.args.includes('go build'));
      assert.ok(build, 'nenhum RUN com go build no estágio pocketbase');
      includes(build.args, `go build -trimpath -ldflags "${ldflags}\${PB_VERSION}"`);
      assert.deepEqual(goBuildArgs('1.2.3', 'out'), ['build', '-trimpath', '-ldflags', `${ldflags}1.2.3`, '-o', 'out', '.']);
      for (const [name, value] of Object.entries({ CGO_ENABLED: '0', GOTOOLCHAIN: 'local' })) {
        includes(script, `${name}: '${value}'`);
        assert.equal(envOf(goStage)[name], value);
      }

      // The shell that finds PocketBase's version gives what pinnedVersion() reads.
      const lookup = captured(build.args, /PB_VERSION="\$\((.+?)\)"/);
      const version = execFileSync('sh', ['-c', lookup], { cwd: fromRoot('server'), encoding: 'utf8' }).trim();
      assert.equal(version, await pinnedVersion());
    },
  ],
  [
    'Node: the major version of package.json engines and the node the scripts run on',
    () => {
      const { engines } = /** @type {{ engines: { node: string } }} */ (JSON.parse(read('package.json')));
      const major = captured(engines.node, /^>=(\d+)/);
      const lock = /** @type {{ packages: Record<string, { version: string }> }} */ (JSON.parse(read('package-lock.json')));
      const scriptsNode = lock.packages['node_modules/node']?.version;
      const nodeImages = stages.map((item) => item.image).filter((image) => image.startsWith('node:'));
      atLeast(nodeImages.length, 2, 'imagens node:');
      for (const image of nodeImages) {
        assert.match(image, new RegExp(`^node:${major}\\.`));
        assert.ok(image.startsWith(`node:${scriptsNode}-`), `${image} roda o Node ${scriptsNode} dos scripts`);
      }
    },
  ],
  [
    'the default target runs npm start with the Go-built PocketBase and its data in the volume',
    () => {
      const app = /** @type {Stage} */ (stages.at(-1));
      assert.equal(app.name, 'app');
      const { start } = /** @type {{ scripts: Record<string, string> }} */ (JSON.parse(read('package.json'))).scripts;
      assert.equal(execForm(one(app, 'CMD')).join(' '), start);
      assert.equal(one(app, 'WORKDIR').args, '/app');

      const env = envOf(app);
      assert.equal(env.HOST, '0.0.0.0');
      assert.equal(Number(env.PORT), defaultPort);
      assert.equal(env.NODE_ENV, 'production');
      const binary = copiesOf(app).find((copy) => copy.from === 'pocketbase');
      assert.ok(binary, 'o estágio app copia o binário do estágio pocketbase');
      assert.equal(env.POCKETBASE_BIN, binary.destination);
      const [volume] = /** @type {string[]} */ (JSON.parse(one(app, 'VOLUME').args));
      for (const name of ['PB_DATA', 'SITE_DIR']) assert.ok(env[name]?.startsWith(`${volume}/`), name);
      // start.mjs reads the variables it is given here.
      for (const name of ['HOST', 'PORT', 'PB_DATA', 'SITE_DIR']) includes(startScript, `process.env.${name}`);
      includes(read('scripts/pocketbase.mjs'), 'process.env.POCKETBASE_BIN');
    },
  ],
  [
    'the default target holds what the publisher builds from and what PocketBase loads',
    () => {
      const copied = new Set(
        copiesOf(stage('app'))
          .filter((copy) => !copy.from)
          .flatMap((copy) =>
            copy.sources.map((source) => (copy.destination.endsWith('/') ? path.posix.basename(source) : copy.destination)),
          )
          .map((target) => path.posix.normalize(path.posix.join('/app', target))),
      );
      // scripts/publish/fresh-build.mjs: the inputs a build reads (and that decide whether it is stale).
      const inputs = [
        ...captured(read('scripts/publish/fresh-build.mjs'), /const INPUTS = \[([^\]]+)\]/).matchAll(/'([^']+)'/g),
      ].map((match) => String(match[1]));
      includes(inputs, 'src');
      // serveArgs: the hooks and migrations folders, under the image's /app.
      const folders = serveArgs({ host: '0.0.0.0', port: defaultPort, dataDir: '/data' })
        .filter((arg) => /^--(hooksDir|migrationsDir)=/.test(arg))
        .map((arg) => inImage(String(arg.split('=')[1])));
      for (const needed of [...inputs.map((input) => `/app/${input}`), '/app/scripts', '/app/package.json', ...folders])
        assert.ok(copied.has(needed), `${needed} na imagem`);
    },
  ],
  [
    'the static target serves with the flags of scripts/lib/pocketbase-process.mjs',
    () => {
      const staticStage = stage('static');
      const [volume = ''] = /** @type {string[]} */ (JSON.parse(one(staticStage, 'VOLUME').args));
      const expected = serveArgs({ host: '0.0.0.0', port: defaultPort, dataDir: volume }).map((arg) =>
        arg.replace(/^(--(?:hooksDir|migrationsDir)=)(.+)$/, (_, flag, dir) => flag + inImage(dir)),
      );
      const [binary, ...args] = execForm(one(staticStage, 'CMD'));
      assert.deepEqual(args, expected);
      assert.notEqual(
        copiesOf(staticStage).find((copy) => copy.from === 'pocketbase' && copy.destination === binary),
        undefined,
        'o binário do PocketBase copiado do estágio pocketbase',
      );
      for (const folder of ['pb_hooks', 'pb_migrations', 'shared'])
        assert.equal(
          copiesOf(staticStage).some((copy) => copy.sources.includes(folder) && copy.destination === `/app/${folder}`),
          true,
          `${folder} em /app/${folder}`,
        );
      const site = copiesOf(staticStage).find((copy) => copy.from === 'site');
      assert.ok(site, 'o estágio static copia o site do estágio site');
      assert.equal(envOf(staticStage).SITE_DIR, site.destination);
    },
  ],
  [
    'PocketBase never runs in dev mode in either image (it would log SQL, password hashes and token keys)',
    () => {
      // The static target runs the binary itself; the default one runs npm start (scripts/start.mjs),
      // which passes serveArgs' flags with dev mode left at its default, off.
      includes(execForm(one(stage('static'), 'CMD')), '--dev=false');
      includes(serveArgs({ host: '0.0.0.0', port: defaultPort, dataDir: '/data' }), '--dev=false');
      includes(serveArgs({ host: '0.0.0.0', port: defaultPort, dataDir: '/data', dev: true }), '--dev=true');
      const calls = [...startScript.matchAll(/serveArgs\(([^)]*)\)/g)].map((match) => match[1]);
      assert.deepEqual(calls, ['{ host, port, dataDir }']);
    },
  ],
  [
    'the build stage copies every local module astro.config.mjs imports',
    () => {
      const copied = copiesOf(stage('site')).flatMap((copy) => copy.sources);
      const local = [...read('astro.config.mjs').matchAll(/from '\.\/([^/']+)/g)].map((match) => String(match[1]));
      atLeast(local.length, 1, 'módulos locais importados por astro.config.mjs');
      for (const top of local) includes(copied, top, `${top} no estágio site`);
    },
  ],
  .../** @type {import('./report.mjs').Check[]} */ (
    FINAL_STAGES.map((name) => [
      `${name}: non-root user, volume, port, health check`,
      () => {
        const final = stage(name);
        const user = String(one(final, 'USER').args.split(':')[0]);
        excludes(['root', '0', ''], user);
        assert.deepEqual(JSON.parse(one(final, 'VOLUME').args), ['/data']);
        assert.equal(Number(one(final, 'EXPOSE').args), defaultPort);
        const health = one(final, 'HEALTHCHECK').args;
        const command = execForm({ ...one(final, 'HEALTHCHECK'), args: health.slice(health.indexOf('CMD ') + 4) }).join(' ');
        assert.match(command, new RegExp(`http://127\\.0\\.0\\.1:.*(${defaultPort}).*/api/health`));
        execForm(one(final, 'CMD'));
      },
    ])
  ),
  [
    'no secret is baked into the image',
    () => {
      const named = stages.flatMap((item) =>
        item.instructions
          .filter((instruction) => ['ENV', 'ARG'].includes(instruction.keyword))
          .flatMap((instruction) => instruction.args.split(/\s+/).map((pair) => String(pair.split('=')[0]))),
      );
      assert.deepEqual(
        named.filter((name) => /SECRET|PASSWORD|TOKEN|KEY|SMTP/i.test(name)),
        [],
      );
    },
  ],
  [
    '.dockerignore keeps local state and build output out of the context',
    () => {
      const ignored = read('.dockerignore')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('#'));
      for (const entry of ['node_modules', '.cache', 'pb_data', 'dist', '.git', '.astro', '.env', 'test-results'])
        includes(ignored, entry, entry);
      // Nothing the image copies is ignored, and all of it exists.
      const sources = stages.flatMap((item) => copiesOf(item).filter((copy) => !copy.from)).flatMap((copy) => copy.sources);
      for (const source of sources) {
        assert.ok(existsSync(fromRoot(source)), `${source} não existe`);
        excludes(ignored, source.replace(/\/$/, ''), source);
      }
    },
  ],
]);
