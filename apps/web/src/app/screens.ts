import type { ComponentType } from 'react';

/**
 * Which page component renders each screen of the route table (`RouteDef.screen`), loaded on
 * demand so a visitor downloads only the screen they open. A route whose screen is missing here
 * renders the not-found page until its screen is built; `npm run routes` lists the gaps.
 *
 * Only `import()` expressions here: scripts/routes.ts loads this module in Node, without a DOM.
 */
export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

export const notFoundScreen: ScreenLoader = () => import('../features/errors/not-found-page');

export const screens: Partial<Record<string, ScreenLoader>> = {
  notFound: notFoundScreen,
  home: () => import('../features/home/home-page'),
  login: () => import('../features/auth/login-page'),
  forgotPassword: () => import('../features/auth/forgot-password-page'),
  resetPassword: () => import('../features/auth/reset-password-page'),
  workerRegister: () => import('../features/auth/worker-register-page'),
  coordinatorRegister: () => import('../features/auth/coordinator-register-page'),
  careSeekerDashboard: () => import('../features/care-seeker-dashboard/care-seeker-dashboard-page'),
  workerDashboard: () => import('../features/worker-dashboard/worker-dashboard-page'),
  coordinatorDashboard: () => import('../features/coordinator/coordinator-dashboard-page'),
  workerLanding: () => import('../features/landing/worker-landing-page'),
  coordinatorLanding: () => import('../features/landing/coordinator-landing-page'),
  providers: () => import('../features/landing/providers-page'),
  homeCarePackage: () => import('../features/landing/home-care-package-page'),
  ndisFundedSupport: () => import('../features/landing/ndis-funded-support-page'),
  partnerLanding: () => import('../features/landing/partner-landing-page'),
  disabilitySupportWorkers: () => import('../features/landing/service-page'),
  mentalHealthSupportWorkers: () => import('../features/landing/service-page'),
  agedCareWorkers: () => import('../features/landing/service-page'),
  aboutUs: () => import('../features/company/about-us-page'),
  founders: () => import('../features/company/founders-page'),
  workers: () => import('../features/workers/workers-page'),
  workerSearch: () => import('../features/worker-search/worker-search-page'),
  testimonials: () => import('../features/company/testimonials-page'),
  mediaCentre: () => import('../features/company/media-centre-page'),
  covid19: () => import('../features/covid-19/covid-19-page'),
  feedbackHub: () => import('../features/feedback-hub/feedback-hub-page'),
  policy: () => import('../features/policies/policy-page'),
  feedback: () => import('../features/forms/feedback-page'),
  makeComplaint: () => import('../features/forms/make-complaint-page'),
  reportIncident: () => import('../features/forms/report-incident-page'),
  contactUs: () => import('../features/forms/contact-us-page'),
  quickRequest: () => import('../features/forms/quick-request-page'),
  referrals: () => import('../features/forms/referrals-page'),
  referralDisability: () => import('../features/forms/referral-disability-page'),
  workerPublicProfile: () => import('../features/worker-profile/public-profile-page'),
  workerOwnProfile: () => import('../features/worker-profile/own-profile-page'),
  myWorkers: () => import('../features/my-workers/my-workers-page'),
  jobSearch: () => import('../features/job-board/job-board-page'),
  jobDetails: () => import('../features/job-details/job-details-page'),
  myJobPosts: () => import('../features/my-job-posts/my-job-posts-page'),
  myJobs: () => import('../features/my-jobs/my-jobs-page'),
  workerDocuments: () => import('../features/worker-documents/worker-documents-page'),
  unsubscribeNearbyJobs: () => import('../features/job-alerts/job-alerts-page'),
  postJob: () => import('../features/post-job/post-job-page'),
  editJob: () => import('../features/post-job/edit-job-page'),
  adminHome: () => import('../features/admin/admin-home-page'),
  adminReviewQueue: () => import('../features/admin/review-queue-page'),
  adminWorkerReview: () => import('../features/admin/worker-review-page'),
  adminPeople: () => import('../features/admin/people-page'),
  adminPerson: () => import('../features/admin/person-page'),
  adminInbox: () => import('../features/admin/inbox-page'),
  adminInboxItem: () => import('../features/admin/inbox-item-page'),
  adminAudit: () => import('../features/admin/audit-log-page'),
  workerWelcome: () => import('../features/worker-onboarding/worker-welcome-page'),
  updateWorkerProfile: () => import('../features/worker-profile-editor/worker-profile-editor-page'),
  workerReferees: () => import('../features/referees/referees-page'),
  referenceForm: () => import('../features/referees/reference-page'),
  taxAndSuper: () => import('../features/tax-and-super/tax-and-super-page'),
  learningHub: () => import('../features/learning-hub/learning-hub-page'),
  learningModule: () => import('../features/learning-hub/learning-module-page'),
  workerCheckIns: () => import('../features/check-ins/check-ins-page'),
  workerAnnualReview: () => import('../features/annual-review/annual-review-page'),
  adminAnnualReviews: () => import('../features/annual-review/admin-annual-reviews-page'),
};
