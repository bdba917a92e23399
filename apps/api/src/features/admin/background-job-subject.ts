import { isUuid } from '../../platform/http/ids';

/**
 * What a background job is about, in a line, from its payload (issue 27: the admin list of
 * failed jobs). Payloads may carry personal details, so only values that name things are shown:
 * ids, days, times, numbers and an address to write to. Free text never is.
 */
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const timePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const emailPattern = /^[^\s@]{1,64}@[^\s@]{1,190}$/;
/** Names under which a payload keeps the address a job writes to. */
const addressKeys = /^(email|to|recipient)$/i;
const MAX_FIELDS = 4;

/** `invoiceId` → `invoice`, `submittedAt` → `submitted at`. */
function labelOf(key: string): string {
  return key
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

function shownValue(key: string, value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value !== 'string') return null;
  if (isUuid(value) || dayPattern.test(value) || timePattern.test(value)) return value;
  if (addressKeys.test(key) && emailPattern.test(value)) return value;
  return null;
}

export function describeJobPayload(payload: unknown): string {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return 'No details';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(payload)) {
    const shown = shownValue(key, value);
    if (shown !== null) parts.push(`${labelOf(key)} ${shown}`);
    if (parts.length === MAX_FIELDS) break;
  }
  return parts.length > 0 ? parts.join(', ') : 'No details';
}
