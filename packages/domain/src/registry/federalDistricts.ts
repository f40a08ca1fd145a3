/**
 * Federal districts of Russia and the district of every subject code 01–95 (decisions/0044). Codes of subjects
 * merged since 2005 (80, 81, 82, 84, 85, 88) go to the district of the subject they joined; 90, 93–95 are in the
 * Southern district since 2023, as are 91 and 92.
 */
export const FEDERAL_DISTRICTS = [
  'Центральный',
  'Северо-Западный',
  'Южный',
  'Северо-Кавказский',
  'Приволжский',
  'Уральский',
  'Сибирский',
  'Дальневосточный',
] as const;
export type FederalDistrict = (typeof FEDERAL_DISTRICTS)[number];

const C = 0;
const NW = 1;
const S = 2;
const NC = 3;
const V = 4;
const U = 5;
const SB = 6;
const FE = 7;

/** District index of each code, position 0 unused. */
// biome-ignore format: one row of ten codes per line reads as a table.
const DISTRICT_OF_CODE: readonly number[] = [
  -1,
  S, V, FE, SB, NC, NC, NC, S, NC, NW, //  1–10
  NW, V, V, FE, NC, V, SB, V, SB, NC, // 11–20
  V, SB, S, SB, FE, NC, FE, FE, NW, S, // 21–30
  C, C, C, S, NW, C, C, SB, NW, C, //     31–40
  FE, SB, V, C, U, C, NW, C, FE, C, //    41–50
  NW, V, NW, SB, SB, V, C, V, V, NW, //   51–60
  S, C, V, V, FE, U, C, C, C, SB, //      61–70
  C, U, V, U, FE, C, C, NW, FE, FE, //    71–80
  V, FE, NW, SB, SB, U, FE, SB, U, S, //  81–90
  S, S, S, S, S, //                       91–95
];

/** Region code (1–95) to its federal district name. */
export const REGION_TO_FEDERAL_DISTRICT: Readonly<Record<number, FederalDistrict>> = Object.fromEntries(
  DISTRICT_OF_CODE.slice(1).map((d, i) => [i + 1, FEDERAL_DISTRICTS[d]!]),
);

/** The district index (into FEDERAL_DISTRICTS) of a code, or -1 for no or an unknown code. */
export function federalDistrictIndex(regionCode: number): number {
  return DISTRICT_OF_CODE[regionCode] ?? -1;
}
