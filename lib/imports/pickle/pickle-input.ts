// The pickle's bytes, read forward. Every read checks the length it needs against what is left
// before touching memory, so a length field that claims more than the file holds (BINBYTES8 of
// 2^63, LONG4 of 4 GiB) is refused as truncated instead of being allocated.
import { describeOpcode } from "@/lib/imports/pickle/opcodes";
import { SourceRefusedError } from "@/lib/imports/sources/source-errors";

/** A text-protocol argument (INT, LONG, FLOAT, GLOBAL's names) longer than this is refused. */
const MAX_LINE_BYTES = 4096;

export class PickleInput {
  private position = 0;
  /** The opcode being read and where it started, for refusals. */
  opcode = 0;
  opcodeOffset = 0;

  constructor(
    readonly subject: string,
    private readonly bytes: Uint8Array,
  ) {}

  get offset(): number {
    return this.position;
  }

  get remaining(): number {
    return this.bytes.length - this.position;
  }

  nextOpcode(): number | null {
    if (this.remaining === 0) return null;
    this.opcodeOffset = this.position;
    this.opcode = this.bytes[this.position++]!;
    return this.opcode;
  }

  take(length: number): Uint8Array {
    if (length > this.remaining) this.truncated(length);
    const out = this.bytes.subarray(this.position, this.position + length);
    this.position += length;
    return out;
  }

  u8(): number {
    return this.take(1)[0]!;
  }

  u16(): number {
    const b = this.take(2);
    return b[0]! | (b[1]! << 8);
  }

  u32(): number {
    const b = this.take(4);
    return (b[0]! | (b[1]! << 8) | (b[2]! << 16)) + b[3]! * 0x1000000;
  }

  i32(): number {
    const b = this.take(4);
    return b[0]! | (b[1]! << 8) | (b[2]! << 16) | (b[3]! << 24);
  }

  /** An 8-byte length; anything past the end of the input is truncation, whatever its size. */
  u64Length(): number {
    const b = this.take(8);
    const length = new DataView(b.buffer, b.byteOffset, 8).getBigUint64(0, true);
    if (length > BigInt(this.remaining)) this.truncated(length);
    return Number(length);
  }

  f64BigEndian(): number {
    const b = this.take(8);
    return new DataView(b.buffer, b.byteOffset, 8).getFloat64(0, false);
  }

  /** A "\n"-terminated ASCII argument of the text opcodes, without its newline. */
  line(): string {
    const window = this.bytes.subarray(this.position, this.position + MAX_LINE_BYTES + 1);
    const length = window.indexOf(0x0a);
    if (length < 0 && window.length <= MAX_LINE_BYTES) this.truncated(window.length + 1);
    if (length < 0) {
      this.refuse(`pickle has a ${describeOpcode(this.opcode)} argument at byte ${this.opcodeOffset} longer than ${MAX_LINE_BYTES} bytes`);
    }
    const text = Buffer.from(window.buffer, window.byteOffset, length).toString("latin1");
    this.position += length + 1;
    return text;
  }

  refuse(reason: string): never {
    throw new SourceRefusedError(this.subject, reason);
  }

  private truncated(needed: number | bigint): never {
    this.refuse(
      `pickle is truncated: ${describeOpcode(this.opcode)} at byte ${this.opcodeOffset} needs ${needed} more bytes ` +
        `but the file ends at byte ${this.bytes.length}`,
    );
  }
}
