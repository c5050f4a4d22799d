/**
 * Reads the gzipped tarball that `deno publish` uploads: `gunzip()` undoes the
 * gzip layer and `parseTar()` lists the regular files in a tar archive.
 *
 * Deno writes its tarballs with GNU headers (magic `ustar  `), names each file
 * `./<path>`, and puts a name longer than 100 bytes in a `././@LongLink` entry
 * of type `L` before the file. `parseTar()` reads that, the ustar `prefix`
 * field, and PAX `path` records, so archives from GNU tar or bsdtar read too.
 *
 * @module
 */

/** One regular file from a tar archive. */
export interface TarFile {
  /** The path with a leading slash and no `./`, such as `/src/mod.ts`. */
  path: string;
  /** The file's bytes. */
  data: Uint8Array;
}

const BLOCK = 512;
const decoder = new TextDecoder();

/**
 * Undoes gzip.
 *
 * @param bytes The gzipped bytes.
 * @returns The original bytes.
 * @throws {TypeError} When the bytes are not valid gzip.
 */
export async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream()
    .pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Whether bytes start with the gzip magic number.
 *
 * @param bytes Any bytes.
 * @returns True for `1f 8b ...`.
 */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * Lists the regular files in a tar archive, in archive order. Directories,
 * links and other entries are skipped.
 *
 * @param tar The uncompressed archive.
 * @returns Each regular file with its normalized path.
 * @throws {Error} When a header checksum is wrong, the archive ends inside a
 * header or an entry, or a path is empty or has a `..` segment.
 */
export function parseTar(tar: Uint8Array): TarFile[] {
  const files: TarFile[] = [];
  let offset = 0;
  let longName: string | undefined;
  let paxPath: string | undefined;
  while (offset < tar.length) {
    if (offset + BLOCK > tar.length) {
      throw new Error(`tar: the archive ends inside the header at byte ${offset}`);
    }
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    checkChecksum(header, offset);
    const size = readOctal(header, 124, 12);
    const type = String.fromCharCode(header[156] ?? 0);
    const start = offset + BLOCK;
    if (start + size > tar.length) {
      throw new Error(`tar: the entry at byte ${offset} runs past the end of the archive`);
    }
    const data = tar.subarray(start, start + size);
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
    if (type === "L") {
      longName = cString(data);
    } else if (type === "x") {
      paxPath = paxRecords(data).get("path") ?? paxPath;
    } else if (type === "0" || type === "\0" || type === "7") {
      const name = paxPath ?? longName ?? headerName(header);
      files.push({ path: normalizePath(name), data: data.slice() });
      longName = undefined;
      paxPath = undefined;
    } else if (type !== "g") {
      longName = undefined;
      paxPath = undefined;
    }
  }
  return files;
}

/** The name from a header, joined with the ustar `prefix` when there is one. */
function headerName(header: Uint8Array): string {
  const name = cString(header.subarray(0, 100));
  const magic = decoder.decode(header.subarray(257, 263));
  if (magic !== "ustar\0") return name; // GNU headers use those bytes for other fields
  const prefix = cString(header.subarray(345, 500));
  return prefix === "" ? name : `${prefix}/${name}`;
}

/** `./a/b.ts`, `a/b.ts` and `/a/b.ts` all become `/a/b.ts`. */
function normalizePath(name: string): string {
  const segments = name.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.length === 0 || segments.includes("..")) {
    throw new Error(`tar: refusing the path ${JSON.stringify(name)}`);
  }
  return "/" + segments.join("/");
}

function cString(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return decoder.decode(end === -1 ? bytes : bytes.subarray(0, end));
}

function readOctal(header: Uint8Array, at: number, length: number): number {
  const text = cString(header.subarray(at, at + length)).trim();
  if (text === "") return 0;
  if (!/^[0-7]+$/.test(text)) throw new Error(`tar: bad octal field ${JSON.stringify(text)}`);
  return parseInt(text, 8);
}

function checkChecksum(header: Uint8Array, offset: number): void {
  const expected = readOctal(header, 148, 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i] ?? 0;
  if (sum !== expected) throw new Error(`tar: bad header checksum at byte ${offset}`);
}

/** PAX records are `<length> <key>=<value>\n`, the length counting the whole record. */
function paxRecords(data: Uint8Array): Map<string, string> {
  const records = new Map<string, string>();
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space === -1) break;
    const length = parseInt(decoder.decode(data.subarray(at, space)), 10);
    if (!(length > 0)) break;
    const record = decoder.decode(data.subarray(space + 1, at + length - 1));
    const eq = record.indexOf("=");
    if (eq !== -1) records.set(record.slice(0, eq), record.slice(eq + 1));
    at += length;
  }
  return records;
}
