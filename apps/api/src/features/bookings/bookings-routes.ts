import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingListQuerySchema,
  calendarFeedResponseSchema,
  calendarQuerySchema,
  calendarResponseSchema,
  cancelSeriesRequestSchema,
  cancelShiftRequestSchema,
  createBookingRequestSchema,
  createBookingResponseSchema,
  SERIES_NOT_FOUND,
  seriesMoveResponseSchema,
  shiftDetailSchema,
  shiftListSchema,
  shiftParamsSchema,
  shiftSchema,
  updateSeriesRequestSchema,
  updateShiftRequestSchema,
} from '@tendly/domain/api/bookings';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { safeParam } from '@tendly/domain/validation/safe-text';
import { notFound } from '../../platform/errors';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { checkLimit, enforceLimit } from '../../platform/rate-limit/rate-limiter';
import { bookingEmailSite } from './booking-emails';
import { cancelShift, confirmShift, createBooking, getMyShift, listMyBookings, myCalendar, updateShift } from './bookings-service';
import { cancelSeries, confirmSeries, updateSeries } from './series-service';
import { calendarFeedText, calendarFeedUrl, feedOwner, resetCalendarFeed } from './calendar-feed';

/** What every move on one shift takes and answers: the shift as it is now, or why it cannot move. */
const shiftMove = {
  params: shiftParamsSchema,
  response: { 200: shiftSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
};
const seriesParams = z.object({ bookingId: z.uuid({ error: SERIES_NOT_FOUND }) });
/** What every move on a series takes and answers: the shifts it moved, or why it cannot. */
const seriesMove = {
  params: seriesParams,
  response: { 200: seriesMoveResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
};
const feedParams = z.object({ file: safeParam });
const tags = ['bookings'];

/** Feed requests per address per minute: calendars poll hourly, so this is generous. */
const FEED_REQUESTS_PER_MINUTE = 30;
export const FEED_NOT_FOUND = 'We could not find that calendar.';

/** Bookings, shifts, the calendar and its private feed (issue 13). */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const ctx = { db, site: bookingEmailSite(app.config), jobReportAutoApproveDays: app.config.JOB_REPORT_AUTO_APPROVE_DAYS };
  const feed = { db, cipher: app.fieldCipher, publicUrl: app.config.publicUrl };
  const route = signedInRoutes(app, { tags });

  route.post(
    '/bookings',
    apiAccess.bookShifts,
    {
      summary: 'Book shifts under an ACTIVE service agreement',
      description:
        'The care seeker (or a coordinator acting for them). Start and end are local date-times in the client’s state; a time ' +
        'inside the daylight-saving gap is a 400 on that field. A shift lasts 15 minutes to 24 hours, starts in the future and ' +
        'falls within the agreement’s dates. WEEKLY or FORTNIGHTLY repeat at the same local time until repeatUntil (at most 12 ' +
        'months ahead). Each occurrence is an UNCONFIRMED shift; any overlap with the worker’s live shifts is a 409 naming it.',
      body: createBookingRequestSchema,
      response: { 201: createBookingResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    async (auth, request, reply) => reply.status(201).send(await createBooking(ctx, auth, request.body)),
  );

  route.get(
    '/my/bookings',
    apiAccess.myBookings,
    {
      summary: 'One page of the signed-in person’s shifts with a status, latest move first',
      description: 'CONFIRMED and UNCONFIRMED hold shifts that have not ended; CANCELLED holds every cancelled shift.',
      querystring: bookingListQuerySchema,
      response: { 200: shiftListSchema, 400: apiErrorSchema },
    },
    (auth, request) => listMyBookings(db, auth, request.query),
  );

  route.get(
    '/shifts/:shiftId',
    apiAccess.myBookings,
    {
      summary: 'One shift of the signed-in person’s side, with every shift of its series (the page a shift email opens)',
      description:
        'The same access as My bookings: the worker or the care seeker of the shift (a coordinator acting for the client ' +
        'counts as the client). Anyone else, and a shift that does not exist, gets a 404.',
      params: shiftParamsSchema,
      response: { 200: shiftDetailSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    (auth, request) => getMyShift(db, auth, request.params.shiftId),
  );

  route.post(
    '/shifts/:shiftId/confirm',
    apiAccess.confirmShift,
    {
      summary: 'The worker confirms an unconfirmed shift (any other move is a 409)',
      ...shiftMove,
    },
    (auth, request) => confirmShift(ctx, auth, request.params.shiftId),
  );

  route.post(
    '/shifts/:shiftId/cancel',
    apiAccess.myBookings,
    {
      summary: 'Either side cancels a shift with a reason (a worker declining is this too)',
      description:
        'A short-notice cancellation (chargeable under the agreement) is the care seeker’s side cancelling with less than 7 clear ' +
        'days’ notice in the state’s zone, or a no-show (noShow: true, only once the shift has started) recorded by either side; ' +
        'a worker’s own cancellation never is. reasonCode (NSDH, NSDF, NSDT, NSDO) is required for a short-notice cancellation ' +
        'and a no-show (400 on reasonCode), optional for the care seeker otherwise, and refused from a worker who is not ' +
        'recording a no-show.',
      ...shiftMove,
      body: cancelShiftRequestSchema,
    },
    (auth, request) => cancelShift(ctx, auth, request.params.shiftId, request.body),
  );

  route.patch(
    '/shifts/:shiftId',
    apiAccess.bookShifts,
    {
      summary: 'The care seeker changes a shift’s times; it is unconfirmed again',
      ...shiftMove,
      body: updateShiftRequestSchema,
    },
    (auth, request) => updateShift(ctx, auth, request.params.shiftId, request.body),
  );

  // A series (issue 31 item 3): the shifts one booking made, moved together; the other side hears once.
  route.post(
    '/bookings/:bookingId/confirm',
    apiAccess.confirmShift,
    {
      summary: 'The worker confirms every unconfirmed shift of a series still to come (one email and one notification)',
      description: 'A 409 when none of the series is waiting for confirmation. A stranger to the series gets a 404.',
      ...seriesMove,
    },
    (auth, request) => confirmSeries(ctx, auth, request.params.bookingId),
  );

  route.post(
    '/bookings/:bookingId/cancel',
    apiAccess.myBookings,
    {
      summary: 'Either side cancels every shift of a series that has not started, with one reason (one email and one notification)',
      description:
        'Each shift’s short notice is its own, as when cancelling one shift; reasonCode is required when any of them is short ' +
        'notice for the care seeker’s side, and refused from a worker. A no-show belongs to one shift: noShow must be false.',
      ...seriesMove,
      body: cancelSeriesRequestSchema,
    },
    (auth, request) => cancelSeries(ctx, auth, request.params.bookingId, request.body),
  );

  route.patch(
    '/bookings/:bookingId',
    apiAccess.bookShifts,
    {
      summary: 'The care seeker moves every shift of a series that has not started to new times of day; they are unconfirmed again',
      description:
        'Each shift keeps its date; an end time at or before the start time ends the next day. Times are local in the client’s ' +
        'state on each date (daylight saving included). An overlap with the worker’s other shifts is a 409 naming it.',
      ...seriesMove,
      body: updateSeriesRequestSchema,
    },
    (auth, request) => updateSeries(ctx, auth, request.params.bookingId, request.body),
  );

  route.get(
    '/my/calendar',
    apiAccess.myCalendar,
    {
      summary: 'The signed-in person’s shifts (every status) that overlap a range of at most 62 days',
      querystring: calendarQuerySchema,
      response: { 200: calendarResponseSchema, 400: apiErrorSchema },
    },
    (auth, request) => myCalendar(db, auth, request.query),
  );

  route.get(
    '/my/calendar-feed',
    apiAccess.myCalendar,
    {
      summary: 'The private address of the signed-in person’s calendar feed (made on the first call)',
      response: { 200: calendarFeedResponseSchema },
    },
    async (auth) => ({ url: await calendarFeedUrl(feed, auth.user.id) }),
  );

  route.post(
    '/my/calendar-feed/reset',
    apiAccess.myCalendar,
    {
      summary: 'A new private feed address; the old one stops working',
      response: { 200: calendarFeedResponseSchema },
    },
    async (auth) => ({ url: await resetCalendarFeed(feed, auth.user.id) }),
  );

  app.get(
    '/calendar/:file',
    {
      config: { access: apiAccess.calendarFeed },
      schema: {
        tags,
        summary: 'A calendar feed (iCalendar) at its secret address, /api/calendar/{token}.ics',
        description: 'No sign-in: the token is the key. Live shifts and accepted meet and greets from 30 days ago to 12 months ahead. An unknown token is a 404.',
        params: feedParams,
        response: { 200: z.string(), 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      enforceLimit(reply, await checkLimit(app.rateLimitStore, { key: `calendar-feed:${request.ip}`, limit: FEED_REQUESTS_PER_MINUTE, windowMs: 60_000 }));
      const { file } = request.params;
      const owner = file.endsWith('.ics') ? await feedOwner(db, file.slice(0, -'.ics'.length)) : null;
      if (!owner) throw notFound(FEED_NOT_FOUND);
      const text = await calendarFeedText(db, owner, app.config.BRAND_NAME);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(text);
    },
  );
};
