import { LOCAL_DATE_TIME_MESSAGE } from '@tendly/domain/api/bookings';
import { localToInstant, NonexistentLocalTimeError } from '@tendly/domain/shift-time';
import { badRequest } from '../errors';

/**
 * The instant of a local date-time a request gave in a zone (a shift's start, hours worked, an
 * estimate's times), or a 400 on `field`: naming the daylight-saving gap, or for a date-time the
 * date maths cannot use (a RangeError, e.g. an occurrence past year 9999).
 */
export function instantOf(localDateTime: string, timeZone: string, field: string): Date {
  try {
    return localToInstant(localDateTime, timeZone);
  } catch (error) {
    if (error instanceof NonexistentLocalTimeError) throw badRequest(error.message, { [field]: error.message });
    if (error instanceof RangeError) throw badRequest(LOCAL_DATE_TIME_MESSAGE, { [field]: LOCAL_DATE_TIME_MESSAGE });
    throw error;
  }
}
