import { constants, crc32, deflateRawSync } from 'node:zlib';
import { COMPRESSION } from '../middleware/compression-settings.ts';
import { crc32Combine } from './crc32-combine.ts';

/** The gzip member header: deflate, no name or time, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A last, empty deflate block (fixed codes: BFINAL 1, BTYPE 01, end of block): ends the stream. */
const LAST_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
/** A stored deflate block holds at most this many bytes. */
const MAX_STORED = 0xffff;

/** The text as a stored (uncompressed) deflate block, not the last: byte aligned, as a full flush leaves the stream. */
function storedBlock(bytes: Buffer): Buffer {
  const head = Buffer.from([0x00, bytes.length & 0xff, bytes.length >>> 8, ~bytes.length & 0xff, (~bytes.length >>> 8) & 0xff]);
  return Buffer.concat([head, bytes]);
}

/** The history a deflate stream may refer back to. */
const WINDOW_BYTES = 32 * 1024;

/**
 * A text compressed once with gzip around the places where a value goes, filled with a new value
 * for each response at the cost of copying bytes. The pieces between the places are compressed
 * each by a compressor of its own ended by a sync flush (so each ends on a byte boundary), given
 * as history the text before it with each place filled by zero bytes, as long as the value: the
 * decompressor's history holds the value there instead, so the pieces may refer back to anything
 * but the places, and no text holding a zero byte can match them. The value goes between the
 * pieces as a stored block, and only the checksum is computed per response (from each piece's,
 * combined). A kept page carries its script nonce in several places: without this it was
 * compressed again for every answer.
 */
export class GzipTemplate {
  private constructor(
    /** Each piece compressed, with the CRC-32 and length of its text. */
    private readonly pieces: { compressed: Buffer; crc: number; length: number }[],
    /** Bytes every value filled in must have. */
    private readonly valueBytes: number,
  ) {}

  /** `text` around its `slot`s, for values of `valueBytes` bytes (in UTF-8). */
  static of(text: string, slot: string, valueBytes: number): GzipTemplate {
    if (valueBytes > MAX_STORED) throw new RangeError(`A value filled in is at most ${MAX_STORED} bytes, got ${valueBytes}.`);
    // A text with zero bytes could match the places' stand-ins: its pieces then refer to no history.
    const mayReferBack = !text.includes('\0');
    const filler = Buffer.alloc(valueBytes);
    let history = Buffer.alloc(0);
    const pieces = text.split(slot).map((part) => {
      const bytes = Buffer.from(part);
      const compressed = deflateRawSync(bytes, {
        level: COMPRESSION.gzip.level,
        finishFlush: constants.Z_SYNC_FLUSH,
        ...(mayReferBack && history.length > 0 ? { dictionary: history } : {}),
      });
      if (mayReferBack) history = Buffer.concat([history, bytes, filler]).subarray(-WINDOW_BYTES);
      return { compressed, crc: crc32(bytes), length: bytes.length };
    });
    return new GzipTemplate(pieces, valueBytes);
  }

  /** Bytes held: the compressed pieces. */
  get byteLength(): number {
    return this.pieces.reduce((total, piece) => total + piece.compressed.length, 0);
  }

  /** The text with `value` at every place, as one gzip member. */
  fill(value: string): Buffer {
    const filled = Buffer.from(value);
    if (filled.length !== this.valueBytes) throw new RangeError(`A value filled in must be ${this.valueBytes} bytes, got ${filled.length}.`);
    const stored = storedBlock(filled);
    const filledCrc = crc32(filled);
    const chunks: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    let size = 0;
    for (const [index, piece] of this.pieces.entries()) {
      if (index > 0) {
        chunks.push(stored);
        crc = crc32Combine(crc, filledCrc, filled.length);
        size += filled.length;
      }
      chunks.push(piece.compressed);
      crc = crc32Combine(crc, piece.crc, piece.length);
      size += piece.length;
    }
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc, 0);
    trailer.writeUInt32LE(size % 2 ** 32, 4);
    chunks.push(LAST_EMPTY_BLOCK, trailer);
    return Buffer.concat(chunks);
  }
}
