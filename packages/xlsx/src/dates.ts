/** Excel serial dates to ISO text, without Date objects (the 1900 leap-year bug and the 1904 system included). */

/** 9999-12-31 in the 1900 system: past it a "date" cell is just a number. */
const MAX_SERIAL = 2958465;
const DAY_SECONDS = 86400;
/** Whole serials up to 2099-12-31 (73415) in the 1900 system, decoded once each. */
const CACHED_SERIALS = 73416;
const cache1900: string[] = new Array(CACHED_SERIALS).fill('');
const cache1904: string[] = new Array(CACHED_SERIALS).fill('');

function pad2(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

/** Days since 1970-01-01 to 'YYYY-MM-DD' (H. Hinnant's civil_from_days). */
function isoOfUnixDays(days: number): string {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

function isoOfWholeSerial(serial: number, date1904: boolean): string {
  if (date1904) return isoOfUnixDays(serial - 24107);
  // Excel counts 1900-02-29, which never existed (serial 60); serials before it are one day later.
  if (serial === 60) return '1900-02-29';
  return isoOfUnixDays(serial < 60 ? serial - 25568 : serial - 25569);
}

/**
 * A number shown with a date/time format: 'YYYY-MM-DD' for a whole serial, 'YYYY-MM-DDTHH:MM:SS' otherwise.
 * Negative serials and serials past 9999-12-31 stay numbers.
 */
export function serialToIso(serial: number, date1904: boolean): string | number {
  if (!(serial >= 0) || serial > MAX_SERIAL) return serial;
  let whole = Math.floor(serial);
  let seconds = Math.round((serial - whole) * DAY_SECONDS);
  if (seconds === DAY_SECONDS) {
    whole += 1;
    seconds = 0;
  }
  if (seconds === 0) {
    if (whole >= CACHED_SERIALS) return isoOfWholeSerial(whole, date1904);
    const cache = date1904 ? cache1904 : cache1900;
    let text = cache[whole]!;
    if (text === '') {
      text = isoOfWholeSerial(whole, date1904);
      cache[whole] = text;
    }
    return text;
  }
  const time = `${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor((seconds % 3600) / 60))}:${pad2(seconds % 60)}`;
  return `${isoOfWholeSerial(whole, date1904)}T${time}`;
}
