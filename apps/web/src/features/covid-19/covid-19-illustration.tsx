import { artColours as c, Illustration } from '../../platform/illustration';

/** An open window with a breeze, soap and a heart: fresh air, clean hands, care. */
export function FreshAirIllustration() {
  return (
    <Illustration title="An open window with a breeze blowing in, beside a soap bottle and a heart">
      <circle cx="160" cy="120" r="112" fill={c.tealPale} />
      <rect x="70" y="44" width="120" height="132" rx="6" fill={c.white} stroke={c.tealDark} strokeWidth="6" />
      <rect x="76" y="50" width="108" height="60" fill={c.sand} />
      <circle cx="158" cy="74" r="14" fill={c.peach} />
      <path d="M76 176 l44 -40 v40z" fill={c.tealLight} />
      <line x1="130" y1="50" x2="130" y2="176" stroke={c.tealDark} strokeWidth="5" />
      <path d="M96 130 q24 -14 48 0 t48 0 M104 150 q20 -12 40 0 t40 0" stroke={c.teal} strokeWidth="5" fill="none" strokeLinecap="round" />
      <rect x="60" y="176" width="140" height="10" rx="5" fill={c.tealDark} />
      {/* soap bottle */}
      <rect x="218" y="128" width="40" height="58" rx="10" fill={c.teal} />
      <rect x="232" y="112" width="12" height="18" fill={c.tealDark} />
      <path d="M238 112 h18 v-6 h-24" stroke={c.tealDark} strokeWidth="5" fill="none" strokeLinecap="round" />
      <circle cx="238" cy="156" r="9" fill={c.white} />
      <circle cx="268" cy="104" r="7" fill={c.white} stroke={c.tealLight} strokeWidth="3" />
      <circle cx="282" cy="86" r="5" fill={c.white} stroke={c.tealLight} strokeWidth="3" />
      {/* heart */}
      <path d="M244 70 l-16 -15 a10 10 0 0 1 16 -12 a10 10 0 0 1 16 12z" fill={c.peach} />
    </Illustration>
  );
}
