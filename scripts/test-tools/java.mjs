// Java for the Nu HTML checker (vnu-jar) of the browser tests, which runs `java` from
// the PATH: found, or Debian's default-jre-headless installed like Chromium (see
// scripts/test-tools/chromium.mjs), or a pt-BR explanation.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ensureDebianTool } from './debian-tool.mjs';

const SYSTEM_JAVA = '/usr/bin/java';
/** The oldest Java the checker runs on. */
const MIN_MAJOR = 11;

/** @param {string} file */
function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `java` on the PATH, else $JAVA_HOME/bin/java. */
export function findJava() {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  if (process.env.JAVA_HOME) dirs.push(path.join(process.env.JAVA_HOME, 'bin'));
  return dirs.map((dir) => path.join(dir, 'java')).find(isExecutable);
}

/**
 * The major version `java -version` reports ("17.0.13", or "1.8.0_392" for Java 8).
 * @param {string} java
 */
function majorVersion(java) {
  const result = spawnSync(java, ['-version'], { encoding: 'utf8' });
  const match = `${result.stderr ?? ''}${result.stdout ?? ''}`.match(/version "(?:1\.)?(\d+)/);
  return match ? Number(match[1]) : undefined;
}

/**
 * Returns the path of a usable `java`, installing Debian's default-jre-headless when
 * none exists and this process may (root with apt-get). Otherwise fails with instructions.
 * @returns {string}
 */
export function ensureJava() {
  let java = findJava();
  if (!java) {
    // Debian's slim images leave out the man directories, and the JRE's post-install
    // script fails linking its man pages there.
    if (process.getuid?.() === 0) mkdirSync('/usr/share/man/man1', { recursive: true });
    try {
      java = ensureDebianTool(SYSTEM_JAVA, 'default-jre-headless', '[testes]');
    } catch (error) {
      throw new Error(
        'Java ausente: o verificador HTML Nu dos testes de navegador precisa de um Java 11 ou mais novo. Instale com ' +
          '`sudo apt-get install -y --no-install-recommends default-jre-headless` (Debian/Ubuntu) ou ponha o `java` no PATH.',
        { cause: error },
      );
    }
  }
  const major = majorVersion(java);
  if (major === undefined || major < MIN_MAJOR) {
    throw new Error(
      `${java} não é um Java utilizável (versão ${major ?? 'desconhecida'}): o verificador HTML Nu precisa do Java ${MIN_MAJOR} ou mais novo.`,
    );
  }
  return java;
}
