// A command-line tool from Debian's packages (Chromium for the browser tests, wrk,
// nginx or hugo for the benchmarks): found, or installed with apt-get when this
// process may (root), or a pt-BR explanation.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * @param {string} bin absolute path of the tool, e.g. /usr/bin/wrk
 * @param {string} pkg the Debian package that provides it
 * @param {string} logTag prefix of the progress line, e.g. "[testes]"
 * @returns {string} bin
 */
export function ensureDebianTool(bin, pkg, logTag) {
  if (existsSync(bin)) return bin;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0) {
    process.stderr.write(`${logTag} ${bin} não encontrado: instalando o pacote ${pkg} do Debian…\n`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'inherit', env });
    if (existsSync(bin)) return bin;
  }
  throw new Error(
    `${bin} não encontrado. Instale com \`sudo apt-get install -y --no-install-recommends ${pkg}\` (Debian/Ubuntu).`,
  );
}
