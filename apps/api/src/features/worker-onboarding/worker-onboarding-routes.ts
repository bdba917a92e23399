import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { workerOnboardingSchema, workerProfileEditorSchema } from '@tendly/domain/api/worker-onboarding';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { workerProfileSectionSchemas } from '@tendly/domain/validation/worker-profile';
import { requireAuth } from '../../platform/auth/authenticate';
import { refusals, signedIn } from '../../platform/http/route-schemas';
import {
  getWorkerOnboarding,
  getWorkerProfileEditor,
  saveProfileSection,
  submitForReview,
  type OnboardingContext,
  type SectionName,
} from './worker-onboarding-service';

/** Every route here may also answer 404: the signed-in person has no worker profile. */
const workerRefusals = { 404: apiErrorSchema, ...refusals };

const sectionSummaries: Record<SectionName, string> = {
  about: 'Headline and bio (bio 50 to 2,000 characters; the first 100 show on cards)',
  skills: 'Support categories and skills, and tasks (reference codes)',
  experience: 'Years of experience (0 to 70) and qualifications',
  languages: 'Languages spoken',
  gender: 'Gender, or null for not saying',
  location: 'Home suburb (as the places lookup reads it) and how far they travel (5 to 100 km)',
  transport: 'Driver licence and own car',
  supportsMinors: 'Whether they support people under 18 (then a working-with-children check is required)',
  availability: 'Availability: 7 days × morning, afternoon, evening',
  rates: 'Rates in cents: hourly $20 to $300, sleepover per night $50 to $600, travel per km $0 to $5',
};

/**
 * The worker's own profile editor, onboarding checklist and submitting for review (issue 12).
 * Workers only, INACTIVE ones included.
 */
export const workerOnboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: OnboardingContext = { db: app.database.db, config: app.config };

  app.get(
    '/worker/profile',
    {
      config: { access: apiAccess.workerOnboarding },
      schema: {
        tags: ['worker onboarding'],
        summary: 'The signed-in worker’s profile, as the editor shows it',
        security: signedIn,
        response: { 200: workerProfileEditorSchema, ...workerRefusals },
      },
    },
    async (request, reply) => reply.send(await getWorkerProfileEditor(ctx, requireAuth(request))),
  );

  /** A section's route options: its body schema, and the editor as the answer. */
  const section = <B extends z.ZodType>(name: SectionName, body: B) => ({
    config: { access: apiAccess.workerOnboarding },
    schema: {
      tags: ['worker onboarding'],
      summary: `Save one section of the profile: ${sectionSummaries[name]}`,
      description: 'Answers the whole profile as GET /worker/profile does. Changes to an ACTIVE profile show in search within the search cache time.',
      security: signedIn,
      body,
      response: { 200: workerProfileEditorSchema, 400: apiErrorSchema, ...workerRefusals },
    },
  });
  const schemas = workerProfileSectionSchemas;
  app.put('/worker/profile/about', section('about', schemas.about), (r) => saveProfileSection(ctx, requireAuth(r), 'about', r.body));
  app.put('/worker/profile/skills', section('skills', schemas.skills), (r) => saveProfileSection(ctx, requireAuth(r), 'skills', r.body));
  app.put('/worker/profile/experience', section('experience', schemas.experience), (r) =>
    saveProfileSection(ctx, requireAuth(r), 'experience', r.body),
  );
  app.put('/worker/profile/languages', section('languages', schemas.languages), (r) =>
    saveProfileSection(ctx, requireAuth(r), 'languages', r.body),
  );
  app.put('/worker/profile/gender', section('gender', schemas.gender), (r) => saveProfileSection(ctx, requireAuth(r), 'gender', r.body));
  app.put('/worker/profile/location', section('location', schemas.location), (r) => saveProfileSection(ctx, requireAuth(r), 'location', r.body));
  app.put('/worker/profile/transport', section('transport', schemas.transport), (r) =>
    saveProfileSection(ctx, requireAuth(r), 'transport', r.body),
  );
  app.put('/worker/profile/supportsMinors', section('supportsMinors', schemas.supportsMinors), (r) =>
    saveProfileSection(ctx, requireAuth(r), 'supportsMinors', r.body),
  );
  app.put('/worker/profile/availability', section('availability', schemas.availability), (r) =>
    saveProfileSection(ctx, requireAuth(r), 'availability', r.body),
  );
  app.put('/worker/profile/rates', section('rates', schemas.rates), (r) => saveProfileSection(ctx, requireAuth(r), 'rates', r.body));

  app.get(
    '/worker/onboarding',
    {
      config: { access: apiAccess.workerOnboarding },
      schema: {
        tags: ['worker onboarding'],
        summary: 'The onboarding checklist, with progress and whether the profile may be submitted for review',
        security: signedIn,
        response: { 200: workerOnboardingSchema, ...workerRefusals },
      },
    },
    async (request, reply) => reply.send(await getWorkerOnboarding(ctx, requireAuth(request))),
  );

  app.post(
    '/worker/submit-for-review',
    {
      config: { access: apiAccess.workerOnboarding },
      schema: {
        tags: ['worker onboarding'],
        summary: 'Ask for the profile to be reviewed',
        description:
          '409 with the missing items in `errors` (by checklist item id) unless every required item is done. Clears any ' +
          'changes requested, and emails the operations team and the worker. Repeating it changes nothing and sends nothing.',
        security: signedIn,
        response: { 200: workerOnboardingSchema, 409: apiErrorSchema, ...workerRefusals },
      },
    },
    async (request) => submitForReview(ctx, requireAuth(request)),
  );
};
