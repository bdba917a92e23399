/** The code of a failed system call (`ENOENT`, `EEXIST`, `EPERM`...), read without trusting the thrown value's type. */
export function systemErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}
