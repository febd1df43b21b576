// Reads from the S3-compatible storage the server uses (pb_hooks/lib/backups/storage.js), for
// the restore drill (scripts/restore-drill.mjs) and the storage tests: list, download,
// upload and delete objects, signed with AWS Signature V4 by aws4fetch. The
// configuration comes from the same S3_* variables, read by the server's own code, so
// the two cannot disagree on a default.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AwsClient } from 'aws4fetch';
import { fromRoot } from './paths.mjs';

const require = createRequire(import.meta.url);
/** @type {{ fromEnv: (getenv: (name: string) => string | undefined) => S3Config | null }} */
const storage = require(fromRoot('pb_hooks', 'lib', 'backups', 'storage.js'));

/**
 * @typedef {object} BucketConfig
 * @property {string} endpoint
 * @property {string} region
 * @property {string} accessKey
 * @property {string} secret
 * @property {boolean} forcePathStyle
 * @property {string} bucket
 */
/**
 * The database's continuous replica (server/replication/): a bucket of its own, read by
 * `pocketbase replica …` as JSON (scripts/restore.mjs).
 * @typedef {BucketConfig & { enabled: boolean, path: string, syncIntervalSeconds: number, retentionDays: number }} ReplicaConfig
 */
/** @typedef {{ files: BucketConfig, backups: BucketConfig, replica: ReplicaConfig | null }} S3Config */

/**
 * The S3 configuration of this environment, or null when it uses the local disk.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {S3Config | null}
 */
export function s3ConfigFromEnv(env = process.env) {
  return storage.fromEnv((name) => env[name]);
}

/** @param {string} text */
const decodeXml = (text) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');

/**
 * @param {string} xml
 * @param {string} tag
 */
const tagValue = (xml, tag) => {
  const match = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml);
  return match?.[1] === undefined ? undefined : decodeXml(match[1]);
};

/** One bucket, addressed the way the server addresses it. */
export class Bucket {
  /**
   * @param {BucketConfig} config
   * @param {{ timeoutMs?: number }} [options] limit of each request but the streamed ones
   *   (a download or a digest takes as long as the object needs)
   */
  constructor(config, { timeoutMs = 60_000 } = {}) {
    this.config = config;
    this.timeoutMs = timeoutMs;
    this.client = new AwsClient({
      accessKeyId: config.accessKey,
      secretAccessKey: config.secret,
      service: 's3',
      region: config.region,
    });
  }

  /** @param {string} [key] */
  url(key = '') {
    // A key from a file (a manifest) must not walk to another bucket: URL parsing would
    // resolve "." and ".." segments.
    if (key && key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
      throw new Error(`chave S3 inválida: ${JSON.stringify(key)}`);
    }
    const endpoint = new URL(this.config.endpoint);
    const path = key
      .split('/')
      .map((part) => encodeURIComponent(part))
      .join('/');
    if (this.config.forcePathStyle) {
      return `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${this.config.bucket}/${path}`;
    }
    return `${endpoint.protocol}//${this.config.bucket}.${endpoint.host}/${path}`;
  }

  /**
   * @param {string} url
   * @param {RequestInit} [init]
   * @param {{ stream?: boolean }} [options]
   */
  async request(url, init = {}, { stream = false } = {}) {
    const response = await this.client.fetch(url, stream ? init : { signal: AbortSignal.timeout(this.timeoutMs), ...init });
    if (!response.ok && response.status !== 404) {
      throw new Error(`S3 ${init.method ?? 'GET'} ${url}: HTTP ${response.status} ${await response.text()}`);
    }
    return response;
  }

  /** Creates the bucket (the tests' and the bench's own; a deployment brings its buckets). */
  async create() {
    const response = await this.client.fetch(this.url(), { method: 'PUT', signal: AbortSignal.timeout(this.timeoutMs) });
    if (!response.ok && response.status !== 409) {
      throw new Error(`S3 PUT ${this.url()}: HTTP ${response.status} ${await response.text()}`);
    }
  }

  /**
   * Every object under a prefix: key, size and ETag (the MD5 of objects uploaded in one part).
   * @param {string} [prefix]
   * @returns {Promise<{ key: string, size: number, etag: string }[]>}
   */
  async list(prefix = '') {
    /** @type {{ key: string, size: number, etag: string }[]} */
    const objects = [];
    let token;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix, 'max-keys': '1000' });
      if (token) query.set('continuation-token', token);
      const response = await this.request(`${this.url()}?${query}`);
      if (response.status === 404) throw new Error(`o bucket ${this.config.bucket} não existe em ${this.config.endpoint}`);
      const xml = await response.text();
      for (const [, entry] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        objects.push({
          key: tagValue(entry ?? '', 'Key') ?? '',
          size: Number(tagValue(entry ?? '', 'Size') ?? 0),
          etag: (tagValue(entry ?? '', 'ETag') ?? '').replace(/"/g, ''),
        });
      }
      token = tagValue(xml, 'IsTruncated') === 'true' ? tagValue(xml, 'NextContinuationToken') : undefined;
    } while (token);
    return objects;
  }

  /**
   * The object's bytes, or null when it does not exist.
   * @param {string} key
   */
  async get(key) {
    const response = await this.request(this.url(key));
    if (response.status === 404) return null;
    return Buffer.from(await response.arrayBuffer());
  }

  /**
   * Size and MD5 of the object, read as a stream (a file may be larger than memory);
   * null when it does not exist.
   * @param {string} key
   * @returns {Promise<{ size: number, md5: string } | null>}
   */
  async digest(key) {
    const response = await this.request(this.url(key), {}, { stream: true });
    if (response.status === 404 || !response.body) return null;
    const hash = createHash('md5');
    let size = 0;
    for await (const chunk of Readable.fromWeb(/** @type {any} */ (response.body))) {
      hash.update(chunk);
      size += chunk.length;
    }
    return { size, md5: hash.digest('hex') };
  }

  /**
   * Streams the object into a file (a backup may not fit in memory); false when it does not exist.
   * @param {string} key
   * @param {string} file
   */
  async download(key, file) {
    const response = await this.request(this.url(key), {}, { stream: true });
    if (response.status === 404 || !response.body) return false;
    await pipeline(Readable.fromWeb(/** @type {any} */ (response.body)), createWriteStream(file));
    return true;
  }

  /**
   * @param {string} key
   * @param {Buffer | string} body
   */
  async put(key, body) {
    await this.request(this.url(key), { method: 'PUT', body: typeof body === 'string' ? body : new Uint8Array(body) });
  }

  /** @param {string} key */
  async delete(key) {
    await this.request(this.url(key), { method: 'DELETE' });
  }
}
