import { artColours as c, Illustration } from '../../platform/illustration';

/** Three envelopes-and-bubbles for the three ways to tell us something. */
export function ThreeWaysIllustration() {
  return (
    <Illustration title="A speech bubble, an envelope and a shield with a tick, for feedback, complaints and incident reports">
      <circle cx="160" cy="120" r="112" fill={c.sand} />
      {/* speech bubble */}
      <path d="M44 56 h88 a12 12 0 0 1 12 12 v40 a12 12 0 0 1 -12 12 h-56 l-18 16 v-16 h-14 a12 12 0 0 1 -12 -12 v-40 a12 12 0 0 1 12 -12z" fill={c.teal} />
      <circle cx="68" cy="88" r="6" fill={c.white} />
      <circle cx="88" cy="88" r="6" fill={c.white} />
      <circle cx="108" cy="88" r="6" fill={c.white} />
      {/* envelope */}
      <rect x="164" y="60" width="112" height="72" rx="8" fill={c.white} stroke={c.peach} strokeWidth="4" />
      <path d="M166 64 l54 40 l54 -40" stroke={c.peach} strokeWidth="4" fill="none" strokeLinejoin="round" />
      {/* shield */}
      <path d="M160 142 l44 14 v26 c0 22 -20 36 -44 44 c-24 -8 -44 -22 -44 -44 v-26z" fill={c.tealDark} />
      <path d="M142 184 l12 12 l24 -26" stroke={c.white} strokeWidth="7" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </Illustration>
  );
}
