// A list response read as it arrives: each element of the top-level `items` array is cut out of
// the byte stream and parsed on its own, so a page (or a whole unpaged list, as `--cache-ok`
// gets) is never one string in memory, and no single object can be larger than the cap. What
// is left, the "skeleton" (`kind`, `metadata` with `continue` and `resourceVersion`, and
// `"items":[]`), is small and parsed at the end.

/** Thrown when one object, or the skeleton, passes the cap. */
export class ItemTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`an object larger than ${maxBytes} bytes`);
    this.name = 'ItemTooLarge';
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
/** Longest key remembered at the top level: only `items` matters. */
const MAX_KEY_BYTES = 16;

export class ListStreamParser {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** At depth 1: the next string is a key. */
  private expectKey = false;
  private key: number[] = [];
  private keyOverflow = false;
  private lastKey = '';
  /** Inside the top-level `items` array. */
  private inItems = false;
  /** The bytes of the item being cut out, across chunks. */
  private itemParts: Buffer[] = [];
  private itemBytes = 0;
  private inItem = false;
  private skeleton: Buffer[] = [];
  private skeletonBytes = 0;

  constructor(
    private readonly maxItemBytes: number,
    private readonly onItem: (item: unknown) => void,
  ) {}

  write(chunk: Buffer): void {
    let keepFrom = 0; // start of the bytes of this chunk still to hand to skeleton or item
    const n = chunk.length;
    let backslashAt = -2; // cached position of the next backslash, for the string fast path
    for (let i = 0; i < n; i++) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          this.keyByte(chunk[i]!);
          continue;
        }
        // Jump to the closing quote unless a backslash comes first.
        const q = chunk.indexOf(QUOTE, i);
        if (backslashAt < i && backslashAt !== -1) backslashAt = chunk.indexOf(BACKSLASH, i);
        const stop = q === -1 ? (backslashAt === -1 ? n : backslashAt) : backslashAt !== -1 && backslashAt < q ? backslashAt : q;
        if (this.recordingKey()) for (let k = i; k < Math.min(stop, n); k++) this.keyByte(chunk[k]!);
        if (stop === n) {
          i = n;
          break;
        }
        i = stop;
        if (chunk[i] === BACKSLASH) {
          this.escaped = true;
          this.keyByte(BACKSLASH);
          continue;
        }
        this.inString = false;
        this.endString();
        continue;
      }
      const c = chunk[i]!;
      if (c === QUOTE) {
        if (this.inItems && this.depth === 2) throw new SyntaxError('a list item is not an object');
        this.inString = true;
        this.key = [];
        this.keyOverflow = false;
        continue;
      }
      if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        if (this.inItems && this.depth === 2) {
          if (c !== OPEN_OBJECT) throw new SyntaxError('a list item is not an object');
          // An item starts: what came before it belongs to the skeleton (nothing, inside items).
          keepFrom = this.flush(chunk, keepFrom, i);
          this.inItem = true;
        }
        this.depth++;
        if (this.depth === 1) this.expectKey = c === OPEN_OBJECT;
        if (this.depth === 2 && c === OPEN_ARRAY && this.lastKey === 'items' && !this.expectKey) {
          // Everything inside the array is cut out; the skeleton keeps `[]`.
          keepFrom = this.flush(chunk, keepFrom, i + 1);
          this.inItems = true;
        }
        continue;
      }
      if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        this.depth--;
        if (this.inItem && this.depth === 2) {
          keepFrom = this.flush(chunk, keepFrom, i + 1);
          this.finishItem();
        } else if (this.inItems && this.depth === 1) {
          keepFrom = this.flush(chunk, keepFrom, i);
          this.inItems = false;
        }
        continue;
      }
      if (this.depth === 1) {
        if (c === COLON) this.expectKey = false;
        else if (c === COMMA) this.expectKey = true;
      } else if (this.inItems && this.depth === 2 && c !== COMMA && c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) {
        throw new SyntaxError('a list item is not an object');
      }
    }
    this.flush(chunk, keepFrom, n);
  }

  /** The skeleton's text, once the body ended. */
  end(): string {
    if (this.inItem || this.inString) throw new SyntaxError('Unexpected end of JSON input');
    return Buffer.concat(this.skeleton, this.skeletonBytes).toString('utf8');
  }

  private recordingKey(): boolean {
    return this.depth === 1 && this.expectKey && !this.keyOverflow;
  }

  private keyByte(b: number): void {
    if (!this.recordingKey()) return;
    if (this.key.length >= MAX_KEY_BYTES) this.keyOverflow = true;
    else this.key.push(b);
  }

  private endString(): void {
    if (this.depth === 1 && this.expectKey) this.lastKey = this.keyOverflow ? '' : Buffer.from(this.key).toString('latin1');
  }

  /** Hands chunk[from, to) to the item being cut out, to the skeleton, or drops it (between items). */
  private flush(chunk: Buffer, from: number, to: number): number {
    if (to <= from) return to;
    const part = chunk.subarray(from, to);
    if (this.inItem) {
      this.itemBytes += part.length;
      if (this.itemBytes > this.maxItemBytes) throw new ItemTooLarge(this.maxItemBytes);
      // Copied: the chunk's memory is reused by the stream.
      this.itemParts.push(Buffer.from(part));
    } else if (!this.inItems) {
      this.skeletonBytes += part.length;
      if (this.skeletonBytes > this.maxItemBytes) throw new ItemTooLarge(this.maxItemBytes);
      this.skeleton.push(Buffer.from(part));
    }
    return to;
  }

  private finishItem(): void {
    const text = Buffer.concat(this.itemParts, this.itemBytes).toString('utf8');
    this.itemParts = [];
    this.itemBytes = 0;
    this.inItem = false;
    this.onItem(JSON.parse(text));
  }
}
