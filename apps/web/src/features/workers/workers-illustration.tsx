import { artColours as c, Illustration } from '../../platform/illustration';

/** A support worker with a checked badge and a clipboard, drawn for the workers page. */
export function CheckedWorkerIllustration() {
  return (
    <Illustration title="A smiling support worker wearing a badge with a tick, holding a clipboard">
      <circle cx="160" cy="120" r="112" fill={c.tealPale} />
      <rect x="104" y="128" width="112" height="104" rx="44" fill={c.teal} />
      <circle cx="160" cy="92" r="38" fill={c.skinDark} />
      <path d="M120 90 a40 42 0 0 1 80 0 q-10 -18 -40 -18 q-30 0 -40 18z" fill={c.hairDark} />
      <circle cx="147" cy="94" r="3.5" fill={c.ink} />
      <circle cx="173" cy="94" r="3.5" fill={c.ink} />
      <path d="M147 108 q13 10 26 0" stroke={c.ink} strokeWidth="3" fill="none" strokeLinecap="round" />
      {/* badge */}
      <circle cx="186" cy="160" r="16" fill={c.white} />
      <path d="M178 160 l6 6 l11 -12" stroke={c.teal} strokeWidth="4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      {/* clipboard */}
      <rect x="112" y="150" width="46" height="60" rx="5" fill={c.sand} stroke={c.peach} strokeWidth="3" />
      <rect x="124" y="144" width="22" height="10" rx="3" fill={c.peach} />
      <path d="M120 168 l4 4 l7 -8 M120 184 l4 4 l7 -8 M120 200 l4 4 l7 -8" stroke={c.tealDark} strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <line x1="136" y1="170" x2="150" y2="170" stroke={c.hairGrey} strokeWidth="3" strokeLinecap="round" />
      <line x1="136" y1="186" x2="150" y2="186" stroke={c.hairGrey} strokeWidth="3" strokeLinecap="round" />
      <line x1="136" y1="202" x2="150" y2="202" stroke={c.hairGrey} strokeWidth="3" strokeLinecap="round" />
      {/* sparkles */}
      <path d="M62 70 l4 10 l10 4 l-10 4 l-4 10 l-4 -10 l-10 -4 l10 -4z" fill={c.peach} />
      <path d="M256 56 l3 7 l7 3 l-7 3 l-3 7 l-3 -7 l-7 -3 l7 -3z" fill={c.peach} />
    </Illustration>
  );
}
