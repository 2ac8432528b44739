import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { blockSink } from './block-sink';
import { nextGeneration } from './generation';
import { assertObjectName } from './key-path';
import { checkMinBytes, multipartEtag } from './limit-stream';
import {
  heldPartsFor,
  type ObjectInfo,
  type ObjectStore,
  type PartInfo,
  type PutOptions,
  StoreError,
} from './object-store';

const UPLOAD_ID = /^[A-Za-z0-9_-]{8,64}$/;
/**
 * Part files are `{partNumber}.{generation}.{etag}`: the ETag travels with the bytes, renamed in
 * together. Of several files of one number the highest generation is the part; a writer removes
 * only lower generations than its own, so two concurrent writers of one number leave exactly one
 * (the higher), never none. Files staged before generations existed (`{n}.{etag}`) rank lowest.
 */
const PART_FILE = /^(\d{1,5})\.(?:([0-9a-z]{17})\.)?([0-9a-f]{32})$/;

interface HeldPart extends PartInfo {
  file: string;
  generation: string;
}

/** ETags of whole objects sit beside them as `{file}.etag` would clash with keys; a side folder keeps them. */
const META = '.meta';

/**
 * Objects as files under `root/{bucket}/{key}` (root = DATA_DIR/objects). Writes go to a temp file
 * under `root/.tmp`, are fsynced, then renamed into place, so readers never see half an object.
 * Multipart parts are staged under `root/.multipart/{uploadId}/`; complete concatenates them
 * with streams. ETags are 128 bits of a sha256 over the 1 MiB blocks' sha256s, hex (S3-style `-N` for multipart), kept in `root/.meta/{bucket}/{key}`.
 */
export class LocalDiskStore implements ObjectStore {
  /** The temp folder, made once per store (a mkdir per write costs a thread-pool round trip). */
  private tmpDir: Promise<string> | undefined;

  constructor(private readonly root: string) {}

  private objectPath(bucket: string, key: string): string {
    assertObjectName(bucket, key);
    return join(this.root, bucket, key);
  }

  private metaPath(bucket: string, key: string): string {
    return join(this.root, META, bucket, key);
  }

  private stagingDir(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId))
      throw new StoreError('NoSuchUpload', 'The specified upload does not exist.');
    return join(this.root, '.multipart', uploadId);
  }

  private async tempPath(): Promise<string> {
    const dir = join(this.root, '.tmp');
    this.tmpDir ??= mkdir(dir, { recursive: true }).then(
      () => dir,
      (error: unknown) => {
        this.tmpDir = undefined;
        throw error;
      },
    );
    return join(await this.tmpDir, randomBytes(12).toString('hex'));
  }

  /** Writes a stream to a new temp file, fsynced; removes it on failure. Returns it, its size and ETag. */
  private async writeTemp(
    body: Readable,
    maxBytes: number | undefined,
  ): Promise<{ temp: string; size: number; etag: string }> {
    const temp = await this.tempPath();
    // Opened before streaming, so the file exists when a refusal removes it.
    const handle = await open(temp, 'w');
    try {
      const blocks = blockSink(handle, maxBytes);
      try {
        await pipeline(body, blocks.sink);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return { temp, size: blocks.bytes, etag: await blocks.etag() };
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  private async place(temp: string, target: string): Promise<void> {
    await mkdir(dirname(target), { recursive: true });
    await rename(temp, target);
  }

  private async writeEtag(bucket: string, key: string, etag: string): Promise<void> {
    const temp = await this.tempPath();
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(etag);
    } finally {
      await handle.close();
    }
    await this.place(temp, this.metaPath(bucket, key));
  }

  async put(bucket: string, key: string, body: Readable, options: PutOptions): Promise<ObjectInfo> {
    const target = this.objectPath(bucket, key);
    const { temp, size, etag } = await this.writeTemp(body, options.maxBytes);
    try {
      checkMinBytes(size, options.minBytes);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    // The ETag first: a reader that finds the new bytes also finds their ETag (an older one
    // for a moment at worst, never a missing one).
    await this.writeEtag(bucket, key, etag);
    await this.place(temp, target);
    return { size, etag };
  }

  async head(bucket: string, key: string): Promise<ObjectInfo | null> {
    const path = this.objectPath(bucket, key);
    try {
      const [info, etag] = await Promise.all([stat(path), readSmall(this.metaPath(bucket, key))]);
      return info.isFile() ? { size: info.size, etag: etag ?? '' } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async get(bucket: string, key: string): Promise<(ObjectInfo & { body: Readable }) | null> {
    const info = await this.head(bucket, key);
    if (!info) return null;
    return { ...info, body: createReadStream(this.objectPath(bucket, key)) };
  }

  async delete(bucket: string, key: string): Promise<void> {
    await rm(this.objectPath(bucket, key), { force: true });
    await rm(this.metaPath(bucket, key), { force: true });
  }

  async createMultipart(_bucket: string, _key: string, _contentType: string): Promise<string> {
    const uploadId = randomBytes(16).toString('hex');
    await mkdir(this.stagingDir(uploadId), { recursive: true });
    return uploadId;
  }

  async putPart(
    _bucket: string,
    _key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    maxBytes: number,
  ): Promise<PartInfo> {
    const dir = this.stagingDir(uploadId);
    if (!(await exists(dir))) throw new StoreError('NoSuchUpload', 'The specified upload does not exist.');
    const { temp, size, etag } = await this.writeTemp(body, maxBytes);
    const generation = nextGeneration();
    await rename(temp, join(dir, `${partNumber}.${generation}.${etag}`));
    // A re-sent part replaces the earlier ones: drop the older files of the same number (a newer
    // one, written concurrently, removes this one instead).
    for (const file of await readdir(dir)) {
      const part = partFileOf(file);
      if (part && part.partNumber === partNumber && part.generation < generation)
        await rm(join(dir, file), { force: true });
    }
    return { partNumber, etag, size };
  }

  /** The part files of an upload: for each number, the newest generation. */
  private async heldParts(uploadId: string): Promise<Map<number, HeldPart>> {
    const dir = this.stagingDir(uploadId);
    let files: string[];
    try {
      files = await readdir(dir);
    } catch (error) {
      if (isMissing(error)) throw new StoreError('NoSuchUpload', 'The specified upload does not exist.');
      throw error;
    }
    const newest = new Map<number, { file: string; generation: string; etag: string }>();
    for (const file of files) {
      const part = partFileOf(file);
      if (!part) continue;
      const seen = newest.get(part.partNumber);
      if (!seen || seen.generation < part.generation) newest.set(part.partNumber, { file, ...part });
    }
    const held = new Map<number, HeldPart>();
    for (const [partNumber, part] of newest) {
      try {
        const info = await stat(join(dir, part.file));
        held.set(partNumber, { partNumber, ...part, size: info.size });
      } catch (error) {
        // Replaced by a newer generation between the listing and now: that one is listed next time.
        if (!isMissing(error)) throw error;
      }
    }
    return held;
  }

  async listParts(_bucket: string, _key: string, uploadId: string): Promise<PartInfo[]> {
    return [...(await this.heldParts(uploadId)).values()]
      .map(({ partNumber, etag, size }) => ({ partNumber, etag, size }))
      .sort((a, b) => a.partNumber - b.partNumber);
  }

  async completeMultipart(
    bucket: string,
    key: string,
    uploadId: string,
    parts: ReadonlyArray<{ partNumber: number; etag: string }>,
    _options: { contentType: string },
  ): Promise<ObjectInfo> {
    const target = this.objectPath(bucket, key);
    const dir = this.stagingDir(uploadId);
    const files = await this.heldParts(uploadId);
    const held = heldPartsFor([...files.values()], parts);
    const temp = await this.tempPath();
    let size = 0;
    try {
      const out = await open(temp, 'w');
      try {
        for (const part of parts) {
          const found = files.get(part.partNumber) as HeldPart;
          for await (const chunk of createReadStream(join(dir, found.file))) await out.write(chunk as Buffer);
          size += found.size;
        }
        await out.sync();
      } finally {
        await out.close();
      }
    } catch (error) {
      await rm(temp, { force: true });
      // A part re-sent while this complete read it: its old file is gone, the list is stale.
      if (isMissing(error))
        throw new StoreError(
          'InvalidPart',
          'One or more of the specified parts was replaced while completing.',
        );
      throw error;
    }
    const etag = multipartEtag(parts.map((part) => (held.get(part.partNumber) as PartInfo).etag));
    await this.writeEtag(bucket, key, etag);
    await this.place(temp, target);
    await rm(dir, { recursive: true, force: true });
    return { size, etag };
  }

  async abortMultipart(_bucket: string, _key: string, uploadId: string): Promise<void> {
    await rm(this.stagingDir(uploadId), { recursive: true, force: true });
  }
}

function partFileOf(file: string): { partNumber: number; generation: string; etag: string } | null {
  const match = PART_FILE.exec(file);
  if (!match) return null;
  return { partNumber: Number(match[1]), generation: match[2] ?? '', etag: match[3] as string };
}

const isMissing = (error: unknown): boolean =>
  (error as NodeJS.ErrnoException | null)?.code === 'ENOENT' ||
  (error as NodeJS.ErrnoException | null)?.code === 'ENOTDIR';

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

async function readSmall(path: string): Promise<string | null> {
  try {
    const handle = await open(path, 'r');
    try {
      return (await handle.readFile('utf8')).trim();
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}
