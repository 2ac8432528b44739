// Upload throughput through the local object store against writing the same bytes to disk with
// fsync, in the same run (DESIGN.md §8: ≥ 0.5), with PostObject end to end (form parsing, policy
// and signature checks, the store, the database row) and the bare-HTTP floor beside it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { contract, type UploadToken } from '@h5/contract';
import { signSource } from '@h5/core';
import { md5 } from 'js-md5/build/md5.mjs';
import { LocalDiskStore } from '../apps/server/src/storage/local-disk-store';
import { median } from './load';

const MIB = 1024 * 1024;
/** The H5's upload app (apps/server/src/db/seed/upload-seed.ts). */
const APP_ID = 'community-h5';

interface Row {
  figure: string;
  value: string;
  budget: string;
}

async function fetchToken(
  baseURL: string,
  signSecret: string,
  backstageCode: string,
  fileName: string,
): Promise<UploadToken> {
  const body = { appId: APP_ID, fileName, type: 'archive', folder: 'bench' };
  const sign = md5(signSource(body, signSecret));
  const res = await fetch(`${baseURL}${contract.upload.tokenAuth.path}?sign=${sign}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', backstageCode },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: UploadToken };
  if (envelope.code !== 200) throw new Error(`upload token refused: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/**
 * The PostObject form as one buffer (fields in the protocol's order, file last), so the figure
 * measures the store, not the load generator's FormData encoder.
 */
function postObjectBody(
  token: UploadToken,
  key: string,
  bytes: Uint8Array,
): { body: Buffer; boundary: string } {
  const boundary = `----h5bench${randomBytes(8).toString('hex')}`;
  const fields: [string, string][] = [
    ['OSSAccessKeyId', token.accessKeyId],
    ['policy', token.policy],
    ['key', key],
    ['success_action_status', '200'],
    ['Signature', token.signature],
    ['x-oss-security-token', token.securityToken],
    ['Content-Type', 'application/zip'],
  ];
  const head = fields
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.zip"\r\nContent-Type: application/zip\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head + fileHead), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, boundary };
}

async function postObject(token: UploadToken, key: string, bytes: Uint8Array): Promise<void> {
  const { body, boundary } = postObjectBody(token, key, bytes);
  const res = await fetch(`${token.ossHost}/`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  if (res.status !== 200) throw new Error(`PostObject ${res.status}: ${await res.text()}`);
}

async function writeSynced(path: string, bytes: Uint8Array): Promise<void> {
  const file = await open(path, 'w');
  try {
    await file.writeFile(bytes);
    await file.sync();
  } finally {
    await file.close();
  }
}

/** MiB/s of `files` sequential writes of `bytes`. */
async function rate(files: number, bytes: Uint8Array, write: (i: number) => Promise<void>): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < files; i++) await write(i);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return (files * bytes.byteLength) / MIB / seconds;
}

/** A bare HTTP server that writes each request body to a file and fsyncs it: the transport floor. */
async function startBareSink(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  let n = 0;
  const server = createServer(async (req, res) => {
    const file = await open(join(dir, `sink-${n++}`), 'w');
    try {
      for await (const chunk of req) await file.write(chunk as Buffer);
      await file.sync();
    } finally {
      await file.close();
    }
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Splits bytes into socket-sized chunks, as a request body arrives. */
const socketChunks = (bytes: Uint8Array) =>
  Array.from({ length: Math.ceil(bytes.byteLength / SOCKET_CHUNK) }, (_, i) =>
    Buffer.from(
      bytes.buffer,
      bytes.byteOffset + i * SOCKET_CHUNK,
      Math.min(SOCKET_CHUNK, bytes.byteLength - i * SOCKET_CHUNK),
    ),
  );
const SOCKET_CHUNK = 64 * 1024;

/**
 * Upload throughput vs plain disk writes, all measured now: the store layer alone (LocalDiskStore:
 * stream, hash, block writes, fsync, rename), PostObject end to end through the built server, and
 * a bare HTTP server that only writes and fsyncs the body (the floor that any upload over HTTP
 * meets here). This machine's fsync time swings several-fold from one moment to the next, so the
 * kinds take turns in short rounds and each ratio is the median of the rounds' own ratios: every
 * round compares writes made within the same second, and one lucky or unlucky round moves nothing.
 */
export async function uploadFigures(
  baseURL: string,
  signSecret: string,
  /** The H5 app's backstage code in the server's configuration (UPLOAD_APP_SECRETS). */
  backstageCode: string,
): Promise<Row[]> {
  const size = 8 * MIB;
  const files = 3;
  const rounds = 9;
  const bytes = new Uint8Array(randomBytes(size));
  const token = await fetchToken(baseURL, signSecret, backstageCode, 'bench.zip');
  const dir = mkdtempSync(join(tmpdir(), 'h5-bench-disk-'));
  const store = new LocalDiskStore(join(dir, 'store'));
  const sink = await startBareSink(dir);
  const runs = { disk: [] as number[], store: [] as number[], post: [] as number[], http: [] as number[] };
  try {
    for (let round = 0; round < rounds; round++) {
      const tag = `${round}-`;
      runs.disk.push(await rate(files, bytes, (i) => writeSynced(join(dir, `disk-${tag}${i}`), bytes)));
      runs.store.push(
        await rate(files, bytes, (i) =>
          store
            .put('bench', `k/${tag}${i}.zip`, Readable.from(socketChunks(bytes)), {
              contentType: 'application/zip',
            })
            .then(() => undefined),
        ),
      );
      runs.post.push(
        await rate(files, bytes, (i) => postObject(token, `${token.startsWith}bench-${tag}${i}.zip`, bytes)),
      );
      runs.http.push(
        await rate(files, bytes, async (i) => {
          await (await fetch(`${sink.url}?${tag}${i}`, { method: 'POST', body: bytes })).text();
        }),
      );
    }
    const ratio = (a: number[], b: number[]) => median(a.map((value, i) => value / (b[i] as number)));
    const typical = {
      disk: median(runs.disk),
      store: median(runs.store),
      post: median(runs.post),
      http: median(runs.http),
    };
    const mib = (v: number) => `${v.toFixed(0)} MiB/s`;
    return [
      { figure: 'write 8 MiB files to disk (fsync), median round', value: mib(typical.disk), budget: '' },
      {
        figure: 'the same through the local store (LocalDiskStore.put)',
        value: mib(typical.store),
        budget: '',
      },
      { figure: 'the same as PostObject through the server (HTTP)', value: mib(typical.post), budget: '' },
      { figure: 'bare HTTP body to disk (fsync): the transport floor', value: mib(typical.http), budget: '' },
      {
        figure: 'upload through the local store / disk write (median of rounds)',
        value: ratio(runs.store, runs.disk).toFixed(3),
        budget: '≥ 0.5',
      },
      {
        figure: 'PostObject end to end / disk write',
        value: ratio(runs.post, runs.disk).toFixed(3),
        budget: '—',
      },
      {
        figure: 'PostObject end to end / bare HTTP to disk',
        value: ratio(runs.post, runs.http).toFixed(3),
        budget: '—',
      },
    ];
  } finally {
    await sink.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
