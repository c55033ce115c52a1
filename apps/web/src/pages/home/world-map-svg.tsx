import { geoNaturalEarth1, geoPath } from 'd3-geo';
import countries from 'i18n-iso-countries';
import { feature } from 'topojson-client';
// Bundled world geometry (Natural Earth 1:110m, public domain): no fetch at runtime.
import world from 'world-atlas/countries-110m.json';

/** The map's own coordinate space; the SVG scales to its container. */
const WIDTH = 960;
const HEIGHT = 470;
/** Antarctica takes a fifth of the height and never hosts a worker: left out to give the rest room. */
const ANTARCTICA = '010';

type Topo = Parameters<typeof feature>[0];
type TopoObject = Parameters<typeof feature>[1];

const collection = feature(
  world as unknown as Topo,
  (world as unknown as { objects: { countries: TopoObject } }).objects.countries,
) as unknown as GeoJSON.FeatureCollection<GeoJSON.Geometry, { name: string }>;
const shapes = collection.features.filter((f) => String(f.id) !== ANTARCTICA);
const projection = geoNaturalEarth1().fitSize([WIDTH, HEIGHT], {
  type: 'FeatureCollection',
  features: shapes,
});
const path = geoPath(projection);

/** Each country's outline and label point once, keyed by ISO 3166-1 numeric code. */
const COUNTRIES = shapes.map((shape) => ({
  numeric: String(shape.id ?? ''),
  d: path(shape) ?? '',
  centroid: path.centroid(shape),
}));

/** A country with workers; `count` and `label` are already in the reader's language. */
export type CountryWorkers = {
  country: string;
  total: number;
  online: number;
  count: string;
  label: string;
};

/**
 * An SVG world map with the countries that have workers filled: bright when some are online,
 * dim when none is. Each country with workers gets a marker with its count and a tooltip.
 */
export function WorldMapSvg({ workers, label }: { workers: CountryWorkers[]; label: string }) {
  const byNumeric = new Map<string, CountryWorkers>();
  for (const w of workers) {
    const numeric = countries.alpha2ToNumeric(w.country);
    if (numeric) byNumeric.set(numeric, w);
  }
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      className="h-auto w-full"
      data-testid="home-worker-map"
    >
      <g>
        {COUNTRIES.map((c) => {
          const w = byNumeric.get(c.numeric);
          const fill = !w ? 'fill-zinc-800' : w.online > 0 ? 'fill-brand-500' : 'fill-brand-700/45';
          return (
            <path
              key={c.numeric || c.d.slice(0, 24)}
              d={c.d}
              className={`${fill} stroke-zinc-950`}
              strokeWidth={0.5}
              {...(w ? { 'data-country': w.country } : {})}
            >
              {w ? <title>{w.label}</title> : null}
            </path>
          );
        })}
      </g>
      <g>
        {COUNTRIES.filter((c) => byNumeric.has(c.numeric)).map((c) => {
          const w = byNumeric.get(c.numeric)!;
          const [x, y] = c.centroid;
          if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
          return (
            <g key={`m-${c.numeric}`} transform={`translate(${x} ${y})`}>
              <circle r={15} className="fill-zinc-950/85 stroke-brand-300" strokeWidth={2} />
              <text
                textAnchor="middle"
                dominantBaseline="central"
                className="fill-white text-[15px] font-semibold"
              >
                {w.count}
              </text>
            </g>
          );
        })}
      </g>
    </svg>
  );
}
