import { constants, crc32, deflateRawSync, gunzipSync } from 'node:zlib';
import { COMPRESSION } from '../middleware/compression-settings.ts';
import { crc32Combine } from './crc32-combine.ts';

/** The gzip member header: deflate, no name or time, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A last, empty deflate block (fixed codes: BFINAL 1, BTYPE 01, end of block): ends the stream. */
const LAST_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
/** A stored deflate block holds at most this many bytes. */
const MAX_STORED = 0xffff;

/** The history a deflate stream may refer back to. */
const WINDOW_BYTES = 32 * 1024;

/**
 * Bytes that stand for the value in the history the pieces are compressed with: control
 * characters no page text holds (not tab, line feed or carriage return), each once, so that the
 * only match of a stand-in is a whole earlier stand-in.
 */
const STAND_IN = Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]);
/** True when the text holds a byte a stand-in may be made of (or a zero byte). */
function holdsStandInBytes(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
  }
  return false;
}

interface Piece {
  /** The value's place before the piece (none before the first), then the piece's text, compressed. */
  compressed: Buffer;
  /** True when the value goes before `compressed` as a stored block; false when `compressed` copies it from an earlier place. */
  storesValue: boolean;
  /** CRC-32 and length of the piece's text. */
  crc: number;
  length: number;
}

/**
 * The pieces of a text compressed, each with the history before it (its places holding
 * `standIn`), or with no history and every value stored when `standIn` is null.
 */
function compressPieces(parts: string[], standIn: Buffer | null): Piece[] {
  const texts = parts.map((part) => Buffer.from(part));
  let history = Buffer.alloc(0);
  return texts.map((bytes, index) => {
    // The place before this piece copies the place before the previous piece when that is within
    // the history's reach (the two are a value and the previous piece apart); the first place, or
    // one further away, is stored.
    const copiesValue = standIn !== null && index > 1 && standIn.length + texts[index - 1]!.length <= WINDOW_BYTES - standIn.length;
    // The decompressor's history before the piece's text ends with the value: a stored one is in
    // the history given, a copied one is compressed with the piece.
    const input = copiesValue ? Buffer.concat([standIn, bytes]) : bytes;
    const dictionary = standIn === null ? null : index > 0 && !copiesValue ? Buffer.concat([history, standIn]).subarray(-WINDOW_BYTES) : history;
    const compressed = deflateRawSync(input, {
      level: COMPRESSION.gzip.level,
      finishFlush: constants.Z_SYNC_FLUSH,
      ...(dictionary !== null && dictionary.length > 0 ? { dictionary } : {}),
    });
    if (standIn !== null) history = Buffer.concat([history, ...(index > 0 ? [standIn] : []), bytes]).subarray(-WINDOW_BYTES);
    return { compressed, storesValue: index > 0 && !copiesValue, crc: crc32(bytes), length: bytes.length };
  });
}

/** The bytes as a stored (uncompressed) deflate block, not the last: it starts on a byte boundary, where a sync flush leaves the stream. */
function storedBlock(bytes: Buffer): Buffer {
  const head = Buffer.from([0x00, bytes.length & 0xff, bytes.length >>> 8, ~bytes.length & 0xff, (~bytes.length >>> 8) & 0xff]);
  return Buffer.concat([head, bytes]);
}

/**
 * A text compressed once with gzip around the places where a value goes, filled with a new value
 * for each response at the cost of copying bytes. The pieces between the places are compressed
 * each by a compressor of its own ended by a sync flush (so each ends on a byte boundary), given
 * as history the text before it with a stand-in as long as the value at each place: the
 * decompressor's history holds the value there instead. A piece's text holds no stand-in byte, so
 * it may refer back to anything but a place. The first place holds the value as a stored block;
 * a later one within the history's reach is compressed with its piece as a copy of an earlier
 * place (so the value is sent once). Only the checksum is computed per response, combined from
 * each piece's. A kept page carries its script nonce in several places: without this it was
 * compressed again for every answer. Each template is checked once, filled with two values,
 * against the text; one that does not decompress to it (a text holding control characters,
 * which no page has) is made again with every value stored and no history.
 */
export class GzipTemplate {
  private constructor(
    private readonly pieces: Piece[],
    /** Bytes every value filled in must have. */
    private readonly valueBytes: number,
  ) {}

  /** `text` around its `slot`s, for values of `valueBytes` bytes (in UTF-8). */
  static of(text: string, slot: string, valueBytes: number): GzipTemplate {
    if (valueBytes > MAX_STORED) throw new RangeError(`A value filled in is at most ${MAX_STORED} bytes, got ${valueBytes}.`);
    const parts = text.split(slot);
    const mayReferBack = valueBytes <= STAND_IN.length && !holdsStandInBytes(text);
    if (mayReferBack) {
      const template = new GzipTemplate(compressPieces(parts, STAND_IN.subarray(0, valueBytes)), valueBytes);
      if (template.fillsAs(parts)) return template;
    }
    return new GzipTemplate(compressPieces(parts, null), valueBytes);
  }

  /**
   * True when the template filled with two values decompresses to the text filled with them. The
   * bytes sent do not depend on the value but for the stored blocks, so this holds for every
   * value: the first value's bytes all differ (a byte copied from another offset of the value
   * would show), and the second differs from the first at every offset (a byte taken from the
   * text instead of the value would show in one of them).
   */
  private fillsAs(parts: string[]): boolean {
    return ['A', 'a'].every((letter, index) => {
      const value = Array.from({ length: this.valueBytes }, (_, i) => String.fromCharCode(letter.charCodeAt(0) + ((i * (index + 3)) % 26))).join('');
      try {
        return gunzipSync(this.fill(value)).equals(Buffer.from(parts.join(value)));
      } catch {
        return false;
      }
    });
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
        if (piece.storesValue) chunks.push(stored);
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
