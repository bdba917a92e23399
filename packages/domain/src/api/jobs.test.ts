import { describe, expect, it } from 'vitest';
import {
  applicationDecisionSchema,
  canMoveApplication,
  canMoveJob,
  createJobRequestSchema,
  htmlToPlainText,
  jobDraftSchema,
  jobFieldsSchema,
  jobSearchQuerySchema,
  jobStepSchema,
  jobToDraft,
  jobWizardSteps,
  jobSchema,
  unsubscribeJobAlertsRequestSchema,
  type JobFieldName,
} from './jobs';

const availability = {
  mon: { morning: true, afternoon: false, evening: false },
  tue: { morning: false, afternoon: false, evening: false },
  wed: { morning: false, afternoon: false, evening: false },
  thu: { morning: false, afternoon: false, evening: false },
  fri: { morning: false, afternoon: false, evening: false },
  sat: { morning: false, afternoon: false, evening: false },
  sun: { morning: false, afternoon: false, evening: false },
};

const minimal = {
  supportCategory: 'AGED_CARE',
  supportType: ['AGEDGEN'],
  careFor: 'Me',
  location: 'Marrickville',
  availability,
  title: 'Help at home on Monday mornings',
  htmlDescription: '<p>I would like help with housework and a walk to the shops.</p>',
};

function firstError(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? [issue.path.join('.'), issue.message] : null;
}

describe('htmlToPlainText', () => {
  it('drops tags, puts a line break where a block ends, decodes entities and collapses spaces', () => {
    expect(htmlToPlainText('<h3>About</h3><p>Mum&nbsp;loves <strong>tea</strong> &amp; cake.</p><ul><li>One</li><li>Two</li></ul>Line<br>break'))
      .toBe('About\nMum loves tea & cake.\nOne\nTwo\nLine\nbreak');
    expect(htmlToPlainText('&lt;b&gt; &quot;quoted&quot; &#39;single&#39;')).toBe('<b> "quoted" \'single\'');
    expect(htmlToPlainText('   ')).toBe('');
    expect(htmlToPlainText('<p></p><br/>')).toBe('');
  });

  it('keeps list items of a job description on their own lines, and reads source newlines as spaces', () => {
    const html = '<p>A walk\n  to the shops</p>\n<ul>\n  <li><p>Making a simple lunch</p></li>\n  <li>Tidying up</li>\n</ul>';
    expect(htmlToPlainText(html)).toBe('A walk to the shops\nMaking a simple lunch\nTidying up');
  });
});

describe('the job fields', () => {
  it('fill in the defaults of spec section 9', () => {
    const draft = jobDraftSchema.parse(minimal);
    expect(draft).toMatchObject({
      locationType: 'ANY',
      restrictivePractices: 'UNSURE',
      payingForCareType: 'NONE',
      isGoalVisible: true,
      gender: 'ANY',
      experience: 'ANY',
      searcherRole: null,
      tasks: [],
      medicationRequired: false,
      medicationDetails: '',
      hourlyRate: null,
      ndisFundingCode: '',
      practitionerEmail: '',
      disableWorkerNotification: false,
      disableJobBoardPosting: false,
      referralId: null,
    });
  });

  it('tie fields together: a client needs the poster’s role, medication needs details', () => {
    expect(firstError(jobDraftSchema.safeParse({ ...minimal, careFor: 'Client' }))).toEqual(['searcherRole', 'Tell us your role']);
    expect(jobDraftSchema.safeParse({ ...minimal, careFor: 'Client', searcherRole: 'Provider' }).success).toBe(true);
    expect(firstError(jobDraftSchema.safeParse({ ...minimal, medicationRequired: true }))).toEqual([
      'medicationDetails',
      'Tell the worker what help with medication is needed',
    ]);
    expect(jobDraftSchema.safeParse({ ...minimal, medicationRequired: true, medicationDetails: 'Tablets at 8' }).success).toBe(true);
  });

  it('check each value with a message a person can act on', () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ supportType: ['AGEDGEN', 'AGEDGEN'] }, 'supportType', 'Choose each option once'],
      [{ availability: null }, 'availability', 'Choose at least one day and time'],
      [{ title: 'x'.repeat(101) }, 'title', 'Title must be 100 characters or fewer'],
      [{ htmlDescription: `<p>${'x'.repeat(10_000)}</p>` }, 'htmlDescription', 'The description is too long'],
      [{ htmlDescription: '<p><strong></strong>   short</p>' }, 'htmlDescription', 'Describe the support needed in at least 30 characters'],
      [{ approxHoursPerDay: 25 }, 'approxHoursPerDay', 'Hours per day must be between 0.5 and 24'],
      [{ approxHoursPerWeek: 0 }, 'approxHoursPerWeek', 'Hours per week must be between 0.5 and 168'],
      [{ approxStartDate: '2027-02-30' }, 'approxStartDate', 'Enter the start date as a date'],
      [{ hourlyRate: 30_001 }, 'hourlyRate', 'Enter an hourly rate between $20 and $300'],
      [{ hourlyRate: 2500.5 }, 'hourlyRate', 'Enter the hourly rate in whole cents'],
      [{ ndisFundingCode: '01_011_0107_1' }, 'ndisFundingCode', 'Enter an NDIS support item number, such as 01_011_0107_1_1'],
      [{ practitionerEmail: 'not an email' }, 'practitionerEmail', expect.any(String) as unknown as string],
      [{ locationType: 'KM_7' }, 'locationType', 'locationType must be ANY, or a radius of 5, 10, 25 or 50 km'],
    ];
    for (const [overrides, field, message] of cases) {
      const result = jobDraftSchema.safeParse({ ...minimal, ...overrides });
      expect(result.success, field).toBe(false);
      expect(firstError(result), field).toEqual([field, message]);
    }
    expect(jobDraftSchema.parse({ ...minimal, ndisFundingCode: ' 01_011_0107_1_1 ', locationType: '10' })).toMatchObject({
      ndisFundingCode: '01_011_0107_1_1',
      locationType: 'KM_10',
    });
  });

  it('need a UUID draftId to post', () => {
    expect(firstError(createJobRequestSchema.safeParse(minimal))).toEqual(['draftId', 'draftId must be a UUID']);
    expect(createJobRequestSchema.safeParse({ ...minimal, draftId: '6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a' }).success).toBe(true);
  });
});

describe('the wizard steps', () => {
  it('cover every field a person fills in exactly once, in seven steps (the referral comes from the link, not a step)', () => {
    const fields = jobWizardSteps.flatMap((step) => step.fields as readonly JobFieldName[]);
    expect(jobWizardSteps).toHaveLength(7);
    expect(new Set(fields).size).toBe(fields.length);
    expect([...fields, 'referralId'].sort()).toEqual(Object.keys(jobFieldsSchema.shape).sort());
  });

  it('each validate their own fields only, with the rules among them', () => {
    const [support, where, when, , health, funding, post] = jobWizardSteps;
    if (!support || !where || !when || !health || !funding || !post) throw new Error('missing steps');
    expect(jobStepSchema(support).safeParse({ supportCategory: 'AGED_CARE', supportType: ['AGEDGEN'], careFor: 'Me' }).success).toBe(true);
    expect(firstError(jobStepSchema(support).safeParse({ supportCategory: 'AGED_CARE', supportType: [], careFor: 'Me' }))).toEqual([
      'supportType',
      'Choose at least one type of support',
    ]);
    expect(firstError(jobStepSchema(support).safeParse({ supportCategory: 'AGED_CARE', supportType: ['AGEDGEN'], careFor: 'Client' }))).toEqual([
      'searcherRole',
      'Tell us your role',
    ]);
    // A step ignores fields of other steps, however wrong they are.
    expect(jobStepSchema(where).safeParse({ location: 'Newtown', title: '' }).success).toBe(true);
    expect(firstError(jobStepSchema(where).safeParse({}))).toEqual(['location', 'Enter the suburb or postcode where support is needed']);
    expect(firstError(jobStepSchema(when).safeParse({}))).toEqual(['availability', 'Choose at least one day and time']);
    expect(firstError(jobStepSchema(health).safeParse({ medicationRequired: true }))).toEqual([
      'medicationDetails',
      'Tell the worker what help with medication is needed',
    ]);
    expect(jobStepSchema(funding).parse({})).toMatchObject({ payingForCareType: 'NONE', hourlyRate: null });
    expect(firstError(jobStepSchema(post).safeParse({ title: 'Help needed please', htmlDescription: '' }))).toEqual([
      'htmlDescription',
      'Describe the support needed in at least 30 characters',
    ]);
  });
});

describe('a posted job back into a draft', () => {
  it('gives the wizard every field, private ones blank when absent', () => {
    const draft = jobDraftSchema.parse({ ...minimal, goal: 'Stay at home', hourlyRate: 5000 });
    const job = jobSchema.parse({
      ...draft,
      id: 'job-1',
      status: 'OPEN',
      postedAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
      closedAt: null,
      postedBy: 'Helen',
      place: { suburb: 'Marrickville', state: 'NSW', postcode: '2204' },
      summary: 'I would like help with housework and a walk to the shops.',
      isOwner: false,
    });
    const back = jobDraftSchema.parse(jobToDraft(job));
    expect(back).toEqual(draft);
  });
});

describe('the board query', () => {
  it('reads repeated and single values, with defaults', () => {
    expect(jobSearchQuerySchema.parse({})).toEqual({
      locationType: 'ANY',
      skillType: [],
      availability: [],
      payingForCareType: [],
      sortType: 'newest',
      start: 0,
      limit: 25,
    });
    expect(jobSearchQuerySchema.parse({ skillType: 'DEMENTIA', availability: ['mon', 'sat'], start: '25' })).toMatchObject({
      skillType: ['DEMENTIA'],
      availability: ['mon', 'sat'],
      start: 25,
    });
  });

  it('needs a location to sort by distance or search within one', () => {
    expect(firstError(jobSearchQuerySchema.safeParse({ sortType: 'nearest' }))).toEqual(['sortType', 'Choose a location to sort by distance']);
    expect(firstError(jobSearchQuerySchema.safeParse({ locationType: 'KM_25' }))).toEqual(['locationType', 'Choose a location to search within a distance']);
    expect(jobSearchQuerySchema.safeParse({ location: 'Newtown', locationType: 'KM_25', sortType: 'nearest' }).success).toBe(true);
  });
});

describe('applications', () => {
  it('move only as the transition table allows: declining is final', () => {
    expect(canMoveApplication('PENDING', 'SHORTLISTED')).toBe(true);
    expect(canMoveApplication('PENDING', 'DECLINED')).toBe(true);
    expect(canMoveApplication('SHORTLISTED', 'DECLINED')).toBe(true);
    // Taking the worker off the shortlist.
    expect(canMoveApplication('SHORTLISTED', 'PENDING')).toBe(true);
    expect(canMoveApplication('DECLINED', 'SHORTLISTED')).toBe(false);
    expect(canMoveApplication('DECLINED', 'PENDING')).toBe(false);
    expect(applicationDecisionSchema.safeParse({ status: 'PENDING' }).success).toBe(false);
  });
});

describe('a job’s status', () => {
  it('moves only as the transition table allows: a closed job can be reopened, a filled one stays filled', () => {
    expect(canMoveJob('OPEN', 'CLOSED')).toBe(true);
    expect(canMoveJob('CLOSED', 'OPEN')).toBe(true);
    expect(canMoveJob('OPEN', 'FILLED')).toBe(true);
    expect(canMoveJob('OPEN', 'OPEN')).toBe(false);
    expect(canMoveJob('CLOSED', 'CLOSED')).toBe(false);
    expect(canMoveJob('FILLED', 'OPEN')).toBe(false);
    expect(canMoveJob('FILLED', 'CLOSED')).toBe(false);
  });
});

describe('the unsubscribe request', () => {
  it('says the link is not valid when the token is missing or blank', () => {
    for (const body of [{}, { token: '' }, { token: '   ' }]) {
      expect(firstError(unsubscribeJobAlertsRequestSchema.safeParse(body))).toEqual(['token', 'This unsubscribe link is not valid']);
    }
  });
});
