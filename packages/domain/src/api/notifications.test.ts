import { describe, expect, it } from 'vitest';
import { realtimeEventSchema } from './conversations';
import { MARK_READ_REQUIRED, markNotificationsReadRequestSchema, notificationKinds, notificationPageQuerySchema } from './notifications';

const id = '0b7e4c7a-3f7e-4f55-8f1e-5b2f0d6a9c11';

describe('notification kinds', () => {
  it('are unique codes', () => {
    expect(new Set(notificationKinds).size).toBe(notificationKinds.length);
    for (const kind of notificationKinds) expect(kind).toMatch(/^[A-Z_]+$/);
  });
});

describe('marking notifications read', () => {
  it('takes some ids or all, and says what is missing otherwise', () => {
    expect(markNotificationsReadRequestSchema.parse({ ids: [id] })).toEqual({ ids: [id] });
    expect(markNotificationsReadRequestSchema.parse({ all: true })).toEqual({ all: true });
    for (const body of [{}, { ids: [] }, { all: false }, { ids: id }, { all: 'yes' }, { ids: [id], all: true }]) {
      const result = markNotificationsReadRequestSchema.safeParse(body);
      expect(result.success, JSON.stringify(body)).toBe(false);
      expect(result.error?.issues[0]?.message, JSON.stringify(body)).toBe(MARK_READ_REQUIRED);
    }
    expect(markNotificationsReadRequestSchema.safeParse({ ids: Array.from({ length: 101 }, () => id) }).success).toBe(false);
  });
});

describe('the notification page query', () => {
  it('defaults to 25 newest and refuses limits outside 1 to 100', () => {
    expect(notificationPageQuerySchema.parse({})).toEqual({ limit: 25 });
    for (const limit of ['0', '101', '2.5', 'x']) expect(notificationPageQuerySchema.safeParse({ limit }).success, limit).toBe(false);
  });
});

describe('the live event', () => {
  it('is one of the event stream’s types', () => {
    expect(realtimeEventSchema.parse({ type: 'notifications', notification: null, unreadTotal: 2 })).toEqual({ type: 'notifications', notification: null, unreadTotal: 2 });
  });
});
