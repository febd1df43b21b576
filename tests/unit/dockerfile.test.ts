/**
 * Docker cannot run on the development machines, so the Dockerfile is checked here:
 * the dockerfile-utils linter finds no problem, and the image stays in step with the
 * scripts it mirrors (Go and Node versions, PocketBase's build and serve flags, the
 * files the publisher's builds read, the port, the volume, a non-root user).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validate, ValidationSeverity } from 'dockerfile-utils';
import { describe, expect, test } from 'vitest';
import { fromRoot, ROOT } from '../../scripts/lib/paths.mjs';
import { serveArgs } from '../../scripts/lib/pocketbase-process.mjs';
import { goBuildArgs, pinnedVersion } from '../../scripts/pocketbase.mjs';

const read = (file: string) => readFileSync(fromRoot(file), 'utf8');
const dockerfile = read('Dockerfile');

interface Instruction {
  keyword: string;
  args: string;
  line: number;
}
interface Stage {
  image: string;
  name: string;
  instructions: Instruction[];
}

/** The Dockerfile's stages and their instructions, continuation lines joined. */
function parseStages(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const start = index;
    let line = lines[index]!.trim();
    if (!line || line.startsWith('#')) continue;
    while (line.endsWith('\\') && index + 1 < lines.length) line = `${line.slice(0, -1).trim()} ${lines[++index]!.trim()}`;
    const [, keyword, args] = /^(\w+)\s+([\s\S]*)$/.exec(line)!;
    const instruction = { keyword: keyword!.toUpperCase(), args: args!.trim(), line: start + 1 };
    if (instruction.keyword === 'FROM') {
      const [image, , name] = instruction.args.split(/\s+/);
      stages.push({ image: image!, name: name ?? String(stages.length), instructions: [] });
    } else {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return stages;
}

const stages = parseStages(dockerfile);
const stage = (name: string) => {
  const found = stages.find((item) => item.name === name);
  if (!found) throw new Error(`o Dockerfile não tem o estágio ${name}`);
  return found;
};
const all = (of: Stage, keyword: string) => of.instructions.filter((item) => item.keyword === keyword);
const one = (of: Stage, keyword: string) => {
  const found = all(of, keyword);
  expect(found, `${keyword} no estágio ${of.name}`).toHaveLength(1);
  return found[0]!;
};
/** ENV KEY=value pairs of a stage. */
const envOf = (of: Stage) =>
  Object.fromEntries(all(of, 'ENV').flatMap((item) => item.args.split(/\s+/).map((pair) => pair.split('=') as [string, string])));
/** COPY instructions as { from, sources, destination }. */
const copiesOf = (of: Stage) =>
  all(of, 'COPY').map((item) => {
    const words = item.args.split(/\s+/);
    const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
    const paths = words.filter((word) => !word.startsWith('--'));
    return { from, sources: paths.slice(0, -1), destination: paths.at(-1)! };
  });
const execForm = (instruction: Instruction) => {
  expect(instruction.args.startsWith('['), `${instruction.keyword} na forma exec (linha ${instruction.line})`).toBe(true);
  return JSON.parse(instruction.args) as string[];
};

/** Where a path under the repository lands in the app image (WORKDIR /app). */
const inImage = (file: string) => path.posix.join('/app', path.relative(ROOT, file).split(path.sep).join('/'));

const FINAL_STAGES = ['app', 'static'];
const startScript = read('scripts/start.mjs');
const defaultPort = Number(/process\.env\.PORT \|\| (\d+)/.exec(startScript)![1]);

describe('Dockerfile', () => {
  test('the dockerfile-utils linter finds no problem, with every optional rule on', () => {
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
    expect(problems).toEqual([]);
  });

  test('the linter itself catches a broken file', () => {
    expect(
      validate('FROM node:24\nWORKDIR app\nEXPOSE porta\n', { instructionWorkdirRelative: ValidationSeverity.ERROR }),
    ).not.toEqual([]);
  });

  test('every base image is pinned to a version', () => {
    const images = [
      ...stages.map((item) => item.image),
      ...stages.flatMap((item) => copiesOf(item).map((copy) => copy.from)).filter((from) => from?.includes(':')),
    ].filter((image): image is string => Boolean(image) && !stages.some((item) => item.name === image));
    expect(images.length).toBeGreaterThanOrEqual(4);
    for (const image of images) expect(image, image).toMatch(/^[\w./-]+:(?!latest$)[\w.-]*\d[\w.-]*$/);
  });

  test('Go: the toolchain of server/go.mod and the build of scripts/pocketbase.mjs', async () => {
    const goStage = stage('pocketbase');
    const goDirective = /^go (\d+\.\d+)/m.exec(read('server/go.mod'))![1];
    expect(goStage.image).toMatch(new RegExp(`^golang:${goDirective!.replace('.', '\\.')}\\.\\d+-`));

    // The same flags and environment as buildWithGo in scripts/pocketbase.mjs.
    const script = read('scripts/pocketbase.mjs');
    const ldflags = /`(-s -w -X github\.com\/pocketbase\/pocketbase\.Version=)\$\{version\}`/.exec(script)![1];
    const build = all(goStage, 'RUN').find((item) => item.args.includes('go build'))!;
    expect(build.args).toContain(`go build -trimpath -ldflags "${ldflags}\${PB_VERSION}"`);
    expect(goBuildArgs('1.2.3', 'out')).toEqual(['build', '-trimpath', '-ldflags', `${ldflags}1.2.3`, '-o', 'out', '.']);
    for (const [name, value] of Object.entries({ CGO_ENABLED: '0', GOTOOLCHAIN: 'local' })) {
      expect(script).toContain(`${name}: '${value}'`);
      expect(envOf(goStage)[name]).toBe(value);
    }

    // The shell that finds PocketBase's version gives what pinnedVersion() reads.
    const lookup = /PB_VERSION="\$\((.+?)\)"/.exec(build.args)![1]!;
    const version = execFileSync('sh', ['-c', lookup], { cwd: fromRoot('server'), encoding: 'utf8' }).trim();
    expect(version).toBe(await pinnedVersion());
  });

  test('Node: the major version of package.json engines and the node the scripts run on', () => {
    const { engines } = JSON.parse(read('package.json')) as { engines: { node: string } };
    const major = /^>=(\d+)/.exec(engines.node)![1];
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { version: string }> };
    const scriptsNode = lock.packages['node_modules/node']!.version;
    const nodeImages = stages.map((item) => item.image).filter((image) => image.startsWith('node:'));
    expect(nodeImages.length).toBeGreaterThanOrEqual(2);
    for (const image of nodeImages) {
      expect(image).toMatch(new RegExp(`^node:${major}\\.`));
      expect(image.startsWith(`node:${scriptsNode}-`), `${image} roda o Node ${scriptsNode} dos scripts`).toBe(true);
    }
  });

  test('the default target runs npm start with the Go-built PocketBase and its data in the volume', () => {
    const app = stages.at(-1)!;
    expect(app.name).toBe('app');
    const { start } = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(execForm(one(app, 'CMD')).join(' ')).toBe(start);
    expect(one(app, 'WORKDIR').args).toBe('/app');

    const env = envOf(app);
    expect(env.HOST).toBe('0.0.0.0');
    expect(Number(env.PORT)).toBe(defaultPort);
    expect(env.NODE_ENV).toBe('production');
    const binary = copiesOf(app).find((copy) => copy.from === 'pocketbase')!;
    expect(env.POCKETBASE_BIN).toBe(binary.destination);
    const [volume] = JSON.parse(one(app, 'VOLUME').args) as string[];
    for (const name of ['PB_DATA', 'SITE_DIR']) expect(env[name]!.startsWith(`${volume}/`), name).toBe(true);
    // start.mjs reads the variables it is given here.
    for (const name of ['HOST', 'PORT', 'PB_DATA', 'SITE_DIR']) expect(startScript).toContain(`process.env.${name}`);
    expect(read('scripts/pocketbase.mjs')).toContain('process.env.POCKETBASE_BIN');
  });

  test('the default target holds what the publisher builds from and what PocketBase loads', () => {
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
      ...read('scripts/publish/fresh-build.mjs')
        .match(/const INPUTS = \[([^\]]+)\]/)![1]!
        .matchAll(/'([^']+)'/g),
    ].map((match) => match[1]!);
    expect(inputs).toContain('src');
    // serveArgs: the hooks and migrations folders, under the image's /app.
    const folders = serveArgs({ host: '0.0.0.0', port: defaultPort, dataDir: '/data' })
      .filter((arg) => /^--(hooksDir|migrationsDir)=/.test(arg))
      .map((arg) => inImage(arg.split('=')[1]!));
    for (const needed of [...inputs.map((input) => `/app/${input}`), '/app/scripts', '/app/package.json', ...folders])
      expect(copied.has(needed), `${needed} na imagem`).toBe(true);
  });

  test('the static target serves with the flags of scripts/lib/pocketbase-process.mjs', () => {
    const staticStage = stage('static');
    const [volume] = JSON.parse(one(staticStage, 'VOLUME').args) as string[];
    const expected = serveArgs({ host: '0.0.0.0', port: defaultPort, dataDir: volume! }).map((arg) =>
      arg.replace(/^(--(?:hooksDir|migrationsDir)=)(.+)$/, (_, flag: string, dir: string) => flag + inImage(dir)),
    );
    const [binary, ...args] = execForm(one(staticStage, 'CMD'));
    expect(args).toEqual(expected);
    expect(copiesOf(staticStage).find((copy) => copy.from === 'pocketbase' && copy.destination === binary)).toBeDefined();
    for (const folder of ['pb_hooks', 'pb_migrations', 'shared'])
      expect(copiesOf(staticStage).some((copy) => copy.sources.includes(folder) && copy.destination === `/app/${folder}`)).toBe(
        true,
      );
    const site = copiesOf(staticStage).find((copy) => copy.from === 'site')!;
    expect(envOf(staticStage).SITE_DIR).toBe(site.destination);
  });

  test('PocketBase never runs in dev mode in either image (it would log SQL, password hashes and token keys)', () => {
    // The static target runs the binary itself; the default one runs npm start (scripts/start.mjs),
    // which passes serveArgs' flags with dev mode left at its default, off.
    expect(execForm(one(stage('static'), 'CMD'))).toContain('--dev=false');
    expect(serveArgs({ host: '0.0.0.0', port: defaultPort, dataDir: '/data' })).toContain('--dev=false');
    expect(serveArgs({ host: '0.0.0.0', port: defaultPort, dataDir: '/data', dev: true })).toContain('--dev=true');
    const calls = [...startScript.matchAll(/serveArgs\(([^)]*)\)/g)].map((match) => match[1]!);
    expect(calls).toEqual(['{ host, port, dataDir }']);
  });

  test('the build stage copies every local module astro.config.mjs imports', () => {
    const copied = copiesOf(stage('site')).flatMap((copy) => copy.sources);
    const local = [...read('astro.config.mjs').matchAll(/from '\.\/([^/']+)/g)].map((match) => match[1]!);
    expect(local.length).toBeGreaterThan(0);
    for (const top of local) expect(copied, `${top} no estágio site`).toContain(top);
  });

  test.each(FINAL_STAGES)('%s: non-root user, volume, port, health check', (name) => {
    const final = stage(name);
    const user = one(final, 'USER').args.split(':')[0]!;
    expect(['root', '0', '']).not.toContain(user);
    expect(JSON.parse(one(final, 'VOLUME').args)).toEqual(['/data']);
    expect(Number(one(final, 'EXPOSE').args)).toBe(defaultPort);
    const health = one(final, 'HEALTHCHECK').args;
    const command = execForm({ ...one(final, 'HEALTHCHECK'), args: health.slice(health.indexOf('CMD ') + 4) }).join(' ');
    expect(command).toMatch(new RegExp(`http://127\\.0\\.0\\.1:.*(${defaultPort}).*/api/health`));
    execForm(one(final, 'CMD'));
  });

  test('no secret is baked into the image', () => {
    const named = stages.flatMap((item) =>
      item.instructions
        .filter((instruction) => ['ENV', 'ARG'].includes(instruction.keyword))
        .flatMap((instruction) => instruction.args.split(/\s+/).map((pair) => pair.split('=')[0]!)),
    );
    expect(named.filter((name) => /SECRET|PASSWORD|TOKEN|KEY|SMTP/i.test(name))).toEqual([]);
  });

  test('.dockerignore keeps local state and build output out of the context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    for (const entry of ['node_modules', '.cache', 'pb_data', 'dist', '.git', '.astro', '.env', 'test-results'])
      expect(ignored, entry).toContain(entry);
    // Nothing the image copies is ignored, and all of it exists.
    const sources = stages.flatMap((item) => copiesOf(item).filter((copy) => !copy.from)).flatMap((copy) => copy.sources);
    for (const source of sources) {
      expect(existsSync(fromRoot(source)), source).toBe(true);
      expect(ignored, source).not.toContain(source.replace(/\/$/, ''));
    }
  });
});
