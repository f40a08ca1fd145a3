/** Moscow days for MUI X's calendar: dayjs with the zone plugins, the Moscow "today", month and day keys. */
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/ru';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// dayjs is Russian wherever it is used; it loads only with the date widgets, not in every page's first load.
dayjs.locale('ru');

dayjs.extend(utc);
dayjs.extend(timezone);

export const MOSCOW_ZONE = 'Europe/Moscow';

export const moscowNow = (nowMs: number): Dayjs => dayjs(nowMs).tz(MOSCOW_ZONE);
/** The first of the month of a Moscow day 'YYYY-MM-DD' (or of a month 'YYYY-MM'), at Moscow midnight. */
export const moscowMonthStart = (key: string): Dayjs => dayjs.tz(`${key.slice(0, 7)}-01`, MOSCOW_ZONE);
export const dayKeyOf = (day: Dayjs): string => day.format('YYYY-MM-DD');
export const monthKeyOf = (day: Dayjs): string => day.format('YYYY-MM');
