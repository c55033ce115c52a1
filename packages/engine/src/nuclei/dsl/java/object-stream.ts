/**
 * A minimal Java Object Serialization Stream writer (the format `ObjectOutputStream` writes:
 * https://docs.oracle.com/javase/8/docs/platform/serialization/spec/protocol.html), enough to
 * build the well-known deserialization probes Nuclei's `generate_java_gadget` sends. Class
 * descriptors and strings get stream handles as Java assigns them, and a descriptor or string
 * written twice becomes a back-reference, as `ObjectOutputStream` writes it.
 */

const TC_NULL = 0x70;
const TC_REFERENCE = 0x71;
const TC_CLASSDESC = 0x72;
const TC_OBJECT = 0x73;
const TC_STRING = 0x74;
const TC_ARRAY = 0x75;
const TC_CLASS = 0x76;
const TC_BLOCKDATA = 0x77;
const TC_ENDBLOCKDATA = 0x78;
const BASE_HANDLE = 0x7e0000;

export const SC_WRITE_METHOD = 0x01;
export const SC_SERIALIZABLE = 0x02;

export type FieldType = 'I' | 'F' | 'L' | '[';
export interface Field {
  type: FieldType;
  name: string;
  /** JVM signature of an object field (`Ljava/lang/String;`, `[Ljava/lang/Object;`). */
  signature?: string;
}
export interface ClassDesc {
  name: string;
  /** serialVersionUID, 16 hex digits. */
  uid: string;
  flags: number;
  fields: Field[];
  superClass?: ClassDesc;
}

export type JavaValue =
  | null
  | { kind: 'string'; value: string }
  | { kind: 'int'; value: number }
  | { kind: 'float'; value: number }
  | { kind: 'object'; desc: ClassDesc; values: JavaValue[]; custom?: Custom[] }
  | { kind: 'array'; desc: ClassDesc; items: JavaValue[] }
  | { kind: 'class'; desc: ClassDesc };

/** What a class's own `writeObject` adds after its fields: raw block data or further objects. */
export type Custom = { block: Uint8Array } | { value: JavaValue };

export const str = (value: string): JavaValue => ({ kind: 'string', value });
export const int = (value: number): JavaValue => ({ kind: 'int', value });
export const float = (value: number): JavaValue => ({ kind: 'float', value });

export class ObjectStreamWriter {
  private readonly out: number[] = [0xac, 0xed, 0x00, 0x05];
  // Java shares one handle per object: descriptors, strings (by value: the probes' strings are
  // interned literals) and objects written twice (by identity) become back-references.
  private readonly handles = new Map<ClassDesc | string | JavaValue, number>();
  private next = BASE_HANDLE;

  write(value: JavaValue): this {
    this.value(value);
    return this;
  }

  bytes(): Buffer {
    return Buffer.from(this.out);
  }

  private u8(n: number): void {
    this.out.push(n & 0xff);
  }
  private u16(n: number): void {
    this.out.push((n >>> 8) & 0xff, n & 0xff);
  }
  private u32(n: number): void {
    this.out.push((n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
  }
  private utf(s: string): void {
    // Java's modified UTF-8; the probes only carry text that UTF-8 encodes the same way.
    const b = Buffer.from(s, 'utf8');
    if (b.length > 0xffff) throw new RangeError('string too long for a Java short string');
    this.u16(b.length);
    for (const x of b) this.out.push(x);
  }
  private reference(key: ClassDesc | string | JavaValue): boolean {
    const handle = this.handles.get(key);
    if (handle === undefined) return false;
    this.u8(TC_REFERENCE);
    this.u32(handle);
    return true;
  }
  private newHandle(key?: ClassDesc | string | JavaValue): void {
    if (key !== undefined) this.handles.set(key, this.next);
    this.next++;
  }

  private string(s: string): void {
    if (this.reference(s)) return;
    this.u8(TC_STRING);
    this.newHandle(s);
    this.utf(s);
  }

  private classDesc(desc: ClassDesc | undefined): void {
    if (!desc) {
      this.u8(TC_NULL);
      return;
    }
    if (this.reference(desc)) return;
    this.u8(TC_CLASSDESC);
    this.utf(desc.name);
    for (let i = 0; i < 16; i += 2) this.u8(Number.parseInt(desc.uid.slice(i, i + 2), 16));
    this.newHandle(desc);
    this.u8(desc.flags);
    this.u16(desc.fields.length);
    for (const field of desc.fields) {
      this.u8(field.type.charCodeAt(0));
      this.utf(field.name);
      if (field.type === 'L' || field.type === '[') this.string(field.signature ?? '');
    }
    this.u8(TC_ENDBLOCKDATA); // no class annotation
    this.classDesc(desc.superClass);
  }

  /** Class data, superclass first, as Java writes it. */
  private classData(desc: ClassDesc, values: JavaValue[], custom: Custom[] | undefined): void {
    const chain: ClassDesc[] = [];
    for (let d: ClassDesc | undefined = desc; d; d = d.superClass) chain.unshift(d);
    let at = 0;
    for (const d of chain) {
      for (const field of d.fields) {
        const v = values[at++] ?? null;
        if (field.type === 'I') this.u32(v && v.kind === 'int' ? v.value : 0);
        else if (field.type === 'F') {
          const b = Buffer.alloc(4);
          b.writeFloatBE(v && v.kind === 'float' ? v.value : 0);
          for (const x of b) this.out.push(x);
        } else this.value(v);
      }
      if (d.flags & SC_WRITE_METHOD) {
        if (d === desc)
          for (const part of custom ?? []) {
            if ('block' in part) {
              this.u8(TC_BLOCKDATA);
              this.u8(part.block.length);
              for (const x of part.block) this.out.push(x);
            } else this.value(part.value);
          }
        this.u8(TC_ENDBLOCKDATA);
      }
    }
  }

  private value(v: JavaValue): void {
    if (v === null) {
      this.u8(TC_NULL);
      return;
    }
    if (v.kind !== 'string' && this.reference(v)) return;
    switch (v.kind) {
      case 'string':
        this.string(v.value);
        return;
      case 'class':
        this.u8(TC_CLASS);
        this.classDesc(v.desc);
        this.newHandle(v);
        return;
      case 'array':
        this.u8(TC_ARRAY);
        this.classDesc(v.desc);
        this.newHandle(v);
        this.u32(v.items.length);
        for (const item of v.items) this.value(item);
        return;
      case 'object':
        this.u8(TC_OBJECT);
        this.classDesc(v.desc);
        this.newHandle(v);
        this.classData(v.desc, v.values, v.custom);
        return;
      default:
        throw new TypeError(`a ${v.kind} is written only as a field of an object`);
    }
  }
}
