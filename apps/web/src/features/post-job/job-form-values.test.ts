import { describe, expect, it } from 'vitest';
import { jobDraftSchema, jobToDraft, jobSchema } from '@tendly/domain/api/jobs';
import { centsToDollars, defaultJobFormValues, dollarsToCents, fromJobFields, toJobFields } from './job-form-values';
import { completeJobFormValues, jobAnswer } from './test-job-draft';

describe('the hourly rate in dollars and cents', () => {
  it('reads what people type as whole cents, without floating-point drift', () => {
    expect(dollarsToCents('35')).toBe(3500);
    expect(dollarsToCents('$35.5')).toBe(3550);
    expect(dollarsToCents(' 35.05 ')).toBe(3505);
    expect(dollarsToCents('1,050.00')).toBe(105000);
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('')).toBeNull();
  });

  it('gives NaN for what is not an amount, so the schema says to enter a number', () => {
    expect(dollarsToCents('about 40')).toBeNaN();
    expect(dollarsToCents('35.555')).toBeNaN();
    const result = jobDraftSchema.safeParse(toJobFields(completeJobFormValues({ hourlyRate: 'forty' })));
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === 'hourlyRate')?.message).toBe('Enter the hourly rate as a number');
  });

  it('shows cents as dollars the way people write them', () => {
    expect(centsToDollars(3500)).toBe('35');
    expect(centsToDollars(3550)).toBe('35.50');
    expect(centsToDollars(3505)).toBe('35.05');
    expect(centsToDollars(null)).toBe('');
  });
});

describe('the job the wizard sends', () => {
  it('applies the defaults of spec section 9 to a new job', () => {
    const values = defaultJobFormValues();
    expect(values).toMatchObject({ locationType: 'ANY', restrictivePractices: 'UNSURE', payingForCareType: 'NONE', isGoalVisible: true });
    const parsed = jobDraftSchema.parse(toJobFields(completeJobFormValues()));
    expect(parsed).toMatchObject({ locationType: 'ANY', restrictivePractices: 'UNSURE', payingForCareType: 'NONE', isGoalVisible: true });
  });

  it('sends the role, medication details and NDIS item only when their question applies', () => {
    const leftOver = completeJobFormValues({
      careFor: 'Me',
      searcherRole: 'Provider',
      medicationRequired: false,
      medicationDetails: 'Insulin at 8am',
      payingForCareType: 'PRIVATE',
      ndisFundingCode: '01_011_0107_1_1',
    });
    expect(toJobFields(leftOver)).toMatchObject({ searcherRole: null, medicationDetails: '', ndisFundingCode: '' });

    const applies = completeJobFormValues({
      careFor: 'Client',
      searcherRole: 'Provider',
      medicationRequired: true,
      medicationDetails: 'Insulin at 8am',
      payingForCareType: 'NDIS_PLAN_MANAGED',
      ndisFundingCode: '01_011_0107_1_1',
    });
    expect(toJobFields(applies)).toMatchObject({
      searcherRole: 'Provider',
      medicationDetails: 'Insulin at 8am',
      ndisFundingCode: '01_011_0107_1_1',
    });
  });

  it('reads hours and the start date, leaving blanks as null', () => {
    expect(toJobFields(completeJobFormValues({ approxHoursPerDay: '2.5', approxHoursPerWeek: '', approxStartDate: '2026-08-03' }))).toMatchObject({
      approxHoursPerDay: 2.5,
      approxHoursPerWeek: null,
      approxStartDate: '2026-08-03',
    });
    expect(toJobFields(completeJobFormValues({ approxHoursPerWeek: 'ten' })).approxHoursPerWeek).toBeNaN();
  });

  it('turns a posted job back into the same answers (edit, then save unchanged)', () => {
    const job = jobSchema.parse(jobAnswer());
    const values = fromJobFields(jobToDraft(job));
    expect(values).toMatchObject({ hourlyRate: '45.50', approxHoursPerDay: '3', approxHoursPerWeek: '', searcherRole: '', clientName: 'Maria Papadopoulos' });
    const again = jobDraftSchema.parse(toJobFields(values));
    expect(again).toMatchObject({
      hourlyRate: 4550,
      approxHoursPerDay: 3,
      availability: job.availability,
      medicationDetails: 'Reminders for morning tablets',
      languages: ['el'],
    });
  });
});
