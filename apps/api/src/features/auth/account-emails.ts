import type { Role } from '@tendly/domain/roles';
import type { MailMessage } from '../../platform/mail/mail-message';
import { renderEmail } from '../../platform/mail/email-layout';
import type { EmailSite } from '../../platform/mail/email-site';
import { emailLayout } from '../../platform/mail/email-site';

export type { EmailSite };

/** What every account email needs to know about the site. */

/** The 6-digit code that confirms an email address, sent at sign-up and on request. */
export function verificationEmail(site: EmailSite, to: { email: string; firstName: string }, code: string): MailMessage {
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: `Your code to confirm your email address for ${site.brandName}.`,
    heading: `Hi ${to.firstName}, let's confirm it's you`,
    paragraphs: [
      `Thanks for joining ${site.brandName}. To finish setting up your account, type this code on the verification screen:`,
      'The code works for 24 hours. If it runs out, or you asked for a new one, use the newest code we sent you.',
      "If you didn't create an account, you can ignore this email. Nobody can use your address without this code.",
    ],
    code,
    calloutAfter: 1,
  });
  return { to: to.email, category: 'SECURITY', subject: `Confirm your email address for ${site.brandName}`, html, text };
}

/** The link to choose a new password. It works once, for 1 hour. */
export function passwordResetEmail(site: EmailSite, to: { email: string; firstName: string }, url: string): MailMessage {
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: 'A link to choose a new password. It works for 1 hour.',
    heading: "Let's get you back into your account",
    paragraphs: [
      `Hi ${to.firstName}, someone (hopefully you) asked to reset the password of your ${site.brandName} account.`,
      'Use the button below to choose a new one. The link works once, within the next hour, and signs you out everywhere else once your new password is set.',
      "If you didn't ask for this, you don't need to do anything: your password stays as it is.",
    ],
    action: { label: 'Choose a new password', url },
  });
  return { to: to.email, category: 'SECURITY', subject: `Reset your ${site.brandName} password`, html, text };
}

const nextSteps: Record<Role, string> = {
  CR: 'Next, complete your worker profile: a friendly photo, a few words about yourself, your skills, your rates and when you are free. Our team looks over every new profile, and once yours is approved care seekers near you can find you.',
  CS: 'You can now post a job, search for workers near you and get to know the ones you like before you choose. You stay in charge of who supports you and when.',
  SUPPORT: 'You can now add your clients, or ask existing clients to link their accounts to you, and find workers with them or on their behalf.',
  ADMIN: 'Your administrator account is ready to use.',
  ENGAGEADMIN: 'Your provider administrator account is ready to use.',
};

/** Sent once the email address is verified. */
export function welcomeEmail(site: EmailSite, to: { email: string; firstName: string; role: Role }): MailMessage {
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: `Your ${site.brandName} account is ready.`,
    heading: `Welcome to ${site.brandName}, ${to.firstName}!`,
    paragraphs: ['Your email address is confirmed and your account is ready.', nextSteps[to.role]],
    action: { label: 'Log in', url: `${site.publicUrl}/login` },
  });
  return { to: to.email, category: 'ACCOUNT', subject: `Welcome to ${site.brandName}`, html, text };
}

/**
 * Sent instead of a new account when someone signs up with an address that already has one: the
 * sign-up answers as if it worked, so that it cannot tell anyone who has an account (issue 10),
 * and the owner hears about it here.
 */
export function registrationAttemptEmail(site: EmailSite, to: { email: string; firstName: string }): MailMessage {
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: `Someone tried to create a ${site.brandName} account with your email address.`,
    heading: `Hi ${to.firstName}, you already have an account`,
    paragraphs: [
      `Someone (hopefully you) just tried to create a new ${site.brandName} account with this email address. You already have one, so we did not create another.`,
      `To get in, log in with your email address and password. If you have forgotten your password, choose "Forgot password" on the login screen and we will email you a link to set a new one.`,
      "If it wasn't you, you don't need to do anything: nobody can use your account without your password.",
    ],
    action: { label: 'Log in', url: `${site.publicUrl}/login` },
  });
  return { to: to.email, category: 'SECURITY', subject: `Someone tried to register with your email address at ${site.brandName}`, html, text };
}
