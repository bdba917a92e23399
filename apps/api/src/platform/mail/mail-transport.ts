import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { OutgoingMail } from './mail-message';
import { loadOnce } from '../load-once';

/** SENT: handed to the SMTP server. KEPT: no SMTP server is configured, so it stays in the outbox. */
export type MailDeliveryOutcome = 'SENT' | 'KEPT';

export interface MailSendOptions {
  /**
   * Names this email for good: every attempt to send it carries the same Message-ID, so that
   * when an attempt is repeated after the SMTP server took it (a process that died before
   * recording the delivery), mail systems can tell the second copy for the same message.
   */
  deliveryId?: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Throws when the SMTP server refuses or cannot be reached; the delivery job then retries. */
  send(message: OutgoingMail, options?: MailSendOptions): Promise<MailDeliveryOutcome>;
  /** Closes the SMTP connections; one in the middle of a delivery finishes it first (nodemailer). */
  close(): Promise<void>;
}

export type MailConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'BRAND_NAME'>;

const DEFAULT_FROM_ADDRESS = 'no-reply@tendly.com.au';

/**
 * The way email leaves the product: SMTP (nodemailer) when SMTP_URL is set, otherwise nowhere:
 * the message stays in the outbox and only its recipient and subject are logged. Bodies are never
 * logged: they carry verification codes and password reset links.
 */
export function createMailTransport(config: MailConfig, logger: FastifyBaseLogger): MailTransport {
  if (!config.SMTP_URL) return createOutboxOnlyTransport(logger);
  return createSmtpTransport(config.SMTP_URL, config.MAIL_FROM ?? { name: config.BRAND_NAME, address: DEFAULT_FROM_ADDRESS }, logger);
}

/** The domain of the sender's address: Message-IDs are made unique within it. */
function senderDomain(from: string | { name: string; address: string }): string {
  const address = typeof from === 'string' ? from : from.address;
  return /@([^\s<>@]+)>?\s*$/.exec(address)?.[1] ?? 'localhost';
}

function createSmtpTransport(url: string, from: string | { name: string; address: string }, logger: FastifyBaseLogger): MailTransport {
  const domain = senderDomain(from);
  // nodemailer loads with the first message rather than at start (issue 33: the start's memory).
  let isOpened = false;
  const opening: () => Promise<Transporter> = loadOnce(async () => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport({
      url,
      pool: true,
      // Fail within a minute rather than nodemailer's minutes-long defaults: the job retries later.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
      // nodemailer's own logger would print whole messages at debug level.
      logger: false,
    });
  });
  const open = () => {
    isOpened = true;
    return opening();
  };
  return {
    kind: 'smtp',
    async send(message, options = {}) {
      const info = await (await open()).sendMail({
        from,
        ...(options.deliveryId ? { messageId: `<${options.deliveryId}@${domain}>` } : {}),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // nodemailer writes `List-Unsubscribe: <address>`.
        ...(message.listUnsubscribe ? { list: { unsubscribe: message.listUnsubscribe } } : {}),
        ...(message.attachments?.length
          ? { attachments: message.attachments.map((file) => ({ filename: file.fileName, content: file.content, contentType: file.contentType })) }
          : {}),
      });
      logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
      return 'SENT';
    },
    async close() {
      // Nothing to close when no message was sent; a transport still opening is closed once open.
      if (isOpened) (await open().catch(() => null))?.close();
    },
  };
}

function createOutboxOnlyTransport(logger: FastifyBaseLogger): MailTransport {
  return {
    kind: 'outbox',
    async send(message) {
      logger.info({ to: message.to, subject: message.subject }, 'mail kept in the outbox (no SMTP_URL is set)');
      return 'KEPT';
    },
    async close() {},
  };
}
