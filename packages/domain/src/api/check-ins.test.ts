import { describe, expect, it } from 'vitest';
import {
  CHECK_IN_FUTURE_MESSAGE,
  CHECK_IN_YEAR_MESSAGE,
  checkInQuarterProblem,
  checkInRequestSchema,
  HOURS_MESSAGE,
  INCIDENT_DETAILS_MESSAGE,
  quarterLabel,
  quarterOf,
  WELLBEING_MESSAGE,
} from './check-ins';

const valid = { wellbeing: 4, hadIncidents: false, trainingNeeds: 'Manual handling refresher', hoursPerWeek: 22.5 };

function firstMessage(input: unknown, path: string): string | undefined {
  const result = checkInRequestSchema.safeParse(input);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path.join('.') === path)?.message;
}

describe('quarterOf', () => {
  it('counts calendar quarters in Australian Eastern time', () => {
    expect(quarterOf(new Date('2026-03-31T12:59:59Z'))).toEqual({ year: 2026, number: 1 });
    // 1 April 00:30 in Sydney (AEDT, UTC+11) is still 31 March in UTC.
    expect(quarterOf(new Date('2026-03-31T13:30:00Z'))).toEqual({ year: 2026, number: 2 });
    expect(quarterOf(new Date('2026-12-31T13:30:00Z'))).toEqual({ year: 2027, number: 1 });
    expect(quarterOf(new Date('2026-08-15T00:00:00Z'))).toEqual({ year: 2026, number: 3 });
  });

  it('labels a quarter with its months', () => {
    expect(quarterLabel({ year: 2026, number: 3 })).toBe('Quarter 3, 2026 (July to September)');
  });
});

describe('checkInQuarterProblem', () => {
  const now = new Date('2026-08-15T00:00:00Z');
  it('accepts this quarter and earlier ones, refuses later ones and years out of range', () => {
    expect(checkInQuarterProblem({ year: 2026, number: 3 }, now)).toBeNull();
    expect(checkInQuarterProblem({ year: 2025, number: 4 }, now)).toBeNull();
    expect(checkInQuarterProblem({ year: 2026, number: 4 }, now)).toBe(CHECK_IN_FUTURE_MESSAGE);
    expect(checkInQuarterProblem({ year: 2027, number: 1 }, now)).toBe(CHECK_IN_YEAR_MESSAGE);
    expect(checkInQuarterProblem({ year: 2019, number: 1 }, now)).toBe(CHECK_IN_YEAR_MESSAGE);
  });
});

describe('checkInRequestSchema', () => {
  it('accepts a check-in and drops incident details when there were no incidents', () => {
    expect(checkInRequestSchema.parse({ ...valid, incidentDetails: 'left over' })).toEqual({ ...valid, incidentDetails: '' });
  });

  it('requires details when there were incidents', () => {
    expect(firstMessage({ ...valid, hadIncidents: true }, 'incidentDetails')).toBe(INCIDENT_DETAILS_MESSAGE);
    expect(firstMessage({ ...valid, hadIncidents: true, incidentDetails: '   ' }, 'incidentDetails')).toBe(INCIDENT_DETAILS_MESSAGE);
    expect(checkInRequestSchema.parse({ ...valid, hadIncidents: true, incidentDetails: 'A fall on 3 August' }).incidentDetails).toBe(
      'A fall on 3 August',
    );
  });

  it('keeps wellbeing to 1 to 5 and hours to 0 to 168 a week', () => {
    expect(firstMessage({ ...valid, wellbeing: 0 }, 'wellbeing')).toBe(WELLBEING_MESSAGE);
    expect(firstMessage({ ...valid, wellbeing: 6 }, 'wellbeing')).toBe(WELLBEING_MESSAGE);
    expect(firstMessage({ ...valid, wellbeing: 2.5 }, 'wellbeing')).toBe(WELLBEING_MESSAGE);
    expect(firstMessage({ ...valid, hoursPerWeek: 169 }, 'hoursPerWeek')).toBe(HOURS_MESSAGE);
    expect(firstMessage({ ...valid, hoursPerWeek: -1 }, 'hoursPerWeek')).toBe(HOURS_MESSAGE);
    expect(checkInRequestSchema.safeParse({ ...valid, hoursPerWeek: 168 }).success).toBe(true);
    expect(checkInRequestSchema.safeParse({ ...valid, hoursPerWeek: 0 }).success).toBe(true);
  });
});
