/**
 * A WAL read on as it grows: its frames are read once, and each later read takes only the
 * frames written since (core/io/live_file.ts follows a live WAL with it). Apart from
 * core/format/wal.ts, whose one-time read (readWal) is all a byte-array database needs, so
 * that the browser build leaves it out.
 */
import type { ByteSource } from "../io/byte_source.ts";
import {
  FrameHeader,
  readWalHeader,
  scanFrames,
  WalHeader,
  type WalHeaderFields,
  type WalSnapshot,
} from "./wal.ts";

/** Frames are read this many bytes at a time (rounded down to whole frames, at least one). */
const READ_CHUNK_BYTES = 4 << 20;

/**
 * A WAL read so far: its header, and the frames accepted up to the last commit among
 * them. {@link extend} reads on from there.
 */
export class WalScan {
  readonly #header: WalHeaderFields;
  declare readonly pageSize: number;
  /** Salts as the header stores them (signed: compared with frames' as read). */
  declare readonly salt1: number;
  declare readonly salt2: number;
  /** Frames up to and including the last valid commit frame read so far. */
  validFrames = 0;
  /** Database size in pages after that commit (0 before any). */
  dbPages = 0;
  /** Page number → WAL offset of its last image up to {@link validFrames}. */
  readonly pageOffsets = new Map<number, number>();
  /** The running checksum after frame {@link validFrames}. */
  readonly sum = new Int32Array(2);

  private constructor(header: WalHeaderFields) {
    this.#header = header;
    this.pageSize = header.pageSize;
    this.salt1 = header.salt1;
    this.salt2 = header.salt2;
    this.sum.set(header.sum);
  }

  /**
   * The WAL's header, or null when it has none that is valid (see readWalHeader).
   *
   * @throws SqliteError `SQLITE_CANTOPEN` for an intact header of another format version.
   */
  static open(wal: ByteSource): WalScan | null {
    const header = readWalHeader(wal);
    return header && new WalScan(header);
  }

  /**
   * Reads the frames after {@link validFrames} as recovery does and takes those up to the
   * last commit among them; with `upTo`, reads no frame past it. Returns the page numbers of
   * the frames taken.
   */
  extend(wal: ByteSource, upTo = Infinity): number[] {
    const header = this.#header;
    const frameSize = this.pageSize + FrameHeader.Size;
    const frameCount = Math.min(upTo, Math.floor((wal.size - WalHeader.Size) / frameSize));
    const framesPerChunk = Math.max(1, Math.floor(READ_CHUNK_BYTES / frameSize));
    const start = this.validFrames;
    const sum = Int32Array.from(this.sum);
    const framePages: number[] = [];
    let validFrames = start;
    let dbPages = this.dbPages;
    const take = (frame: number, pageNumber: number, commitSize: number) => {
      framePages.push(pageNumber);
      if (commitSize !== 0) {
        validFrames = frame + 1;
        dbPages = commitSize;
        this.sum.set(sum);
      }
    };
    for (let frame = start; frame < frameCount;) {
      const wanted = Math.min(framesPerChunk, frameCount - frame);
      const raw = wal.read(WalHeader.Size + frame * frameSize, wanted * frameSize);
      const got = Math.floor(raw.length / frameSize);
      // (A source that ended early holds no more frames.)
      if (!scanFrames(raw, header, sum, frame, take) || got < wanted) break;
      frame += got;
    }
    const taken = framePages.slice(0, validFrames - start);
    taken.forEach((pageNumber, i) => {
      this.pageOffsets.set(pageNumber, WalHeader.Size + (start + i) * frameSize + FrameHeader.Size);
    });
    // SQLite never reads a page past the end of the database from the WAL.
    if (dbPages < this.dbPages || start === 0) {
      for (const p of this.pageOffsets.keys()) if (p > dbPages) this.pageOffsets.delete(p);
    }
    this.validFrames = validFrames;
    this.dbPages = dbPages;
    return taken;
  }

  /** The state read so far as a {@link WalSnapshot} (its page map is this scan's). */
  snapshot(): WalSnapshot {
    return {
      pageSize: this.pageSize,
      dbPages: this.dbPages,
      pageOffsets: this.pageOffsets,
      validFrames: this.validFrames,
    };
  }
}
