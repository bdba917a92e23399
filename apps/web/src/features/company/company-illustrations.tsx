import { artColours as c, Illustration } from '../../platform/illustration';

/** Flat illustrations for the company pages, drawn for them (no stock art). */

export function CupOfTeaIllustration() {
  return (
    <Illustration title="A support worker and an older man sharing a cup of tea at the kitchen table">
      <circle cx="160" cy="120" r="112" fill={c.sand} />
      <rect x="188" y="34" width="78" height="64" rx="6" fill={c.white} stroke={c.tealLight} strokeWidth="4" />
      <line x1="227" y1="34" x2="227" y2="98" stroke={c.tealLight} strokeWidth="4" />
      <line x1="188" y1="66" x2="266" y2="66" stroke={c.tealLight} strokeWidth="4" />
      {/* older man, left */}
      <rect x="62" y="118" width="66" height="86" rx="30" fill={c.teal} />
      <circle cx="95" cy="94" r="24" fill={c.skinLight} />
      <path d="M71 92 a24 24 0 0 1 48 0 a30 16 0 0 0 -48 0z" fill={c.hairGrey} />
      <circle cx="87" cy="96" r="2.5" fill={c.ink} />
      <circle cx="103" cy="96" r="2.5" fill={c.ink} />
      <path d="M88 106 q7 6 14 0" stroke={c.ink} strokeWidth="2.5" fill="none" strokeLinecap="round" />
      {/* worker, right */}
      <rect x="192" y="118" width="66" height="86" rx="30" fill={c.peach} />
      <circle cx="225" cy="94" r="24" fill={c.skinMid} />
      <path d="M199 96 a26 28 0 0 1 52 -4 l0 8 a26 20 0 0 0 -52 0z" fill={c.hairDark} />
      <circle cx="217" cy="98" r="2.5" fill={c.ink} />
      <circle cx="233" cy="98" r="2.5" fill={c.ink} />
      <path d="M218 108 q7 6 14 0" stroke={c.ink} strokeWidth="2.5" fill="none" strokeLinecap="round" />
      {/* table and cups */}
      <rect x="40" y="168" width="240" height="14" rx="7" fill={c.tealDark} />
      <rect x="70" y="182" width="10" height="42" fill={c.tealDark} />
      <rect x="240" y="182" width="10" height="42" fill={c.tealDark} />
      <rect x="122" y="146" width="24" height="22" rx="4" fill={c.white} />
      <path d="M146 152 a7 7 0 0 1 0 12" stroke={c.white} strokeWidth="4" fill="none" />
      <rect x="176" y="146" width="24" height="22" rx="4" fill={c.tealPale} />
      <path d="M176 152 a7 7 0 0 0 0 12" stroke={c.tealPale} strokeWidth="4" fill="none" />
      <path d="M130 138 q4 -8 0 -16 M190 138 q4 -8 0 -16" stroke={c.tealLight} strokeWidth="3" fill="none" strokeLinecap="round" />
    </Illustration>
  );
}

export function KitchenTableIllustration() {
  return (
    <Illustration title="A laptop, a notebook and a teapot on a kitchen table, where the idea began">
      <circle cx="160" cy="120" r="112" fill={c.tealPale} />
      <path d="M70 40 h70 v50 h-70z" fill={c.white} />
      <path d="M70 40 l35 -22 l35 22" fill={c.peach} />
      <rect x="98" y="62" width="14" height="28" fill={c.teal} />
      <rect x="30" y="170" width="260" height="14" rx="7" fill={c.tealDark} />
      {/* laptop */}
      <rect x="128" y="100" width="92" height="62" rx="6" fill={c.ink} />
      <rect x="134" y="106" width="80" height="50" rx="3" fill={c.tealLight} />
      <path d="M150 130 l12 10 l22 -22" stroke={c.white} strokeWidth="6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="116" y="162" width="116" height="8" rx="4" fill={c.hairGrey} />
      {/* notebook */}
      <rect x="60" y="146" width="50" height="22" rx="3" fill={c.sand} stroke={c.peach} strokeWidth="3" />
      <line x1="68" y1="154" x2="100" y2="154" stroke={c.peach} strokeWidth="2" />
      <line x1="68" y1="161" x2="94" y2="161" stroke={c.peach} strokeWidth="2" />
      {/* teapot */}
      <ellipse cx="258" cy="150" rx="24" ry="20" fill={c.peach} />
      <rect x="250" y="124" width="16" height="8" rx="4" fill={c.skinMid} />
      <path d="M234 146 l-16 -8" stroke={c.peach} strokeWidth="6" strokeLinecap="round" />
      <path d="M282 140 a10 10 0 0 1 0 20" stroke={c.peach} strokeWidth="5" fill="none" />
    </Illustration>
  );
}

export function StoriesIllustration() {
  return (
    <Illustration title="Three speech bubbles with hearts and a tick, for the stories people share with us">
      <circle cx="160" cy="120" r="112" fill={c.sand} />
      <path d="M40 50 h120 a14 14 0 0 1 14 14 v44 a14 14 0 0 1 -14 14 h-80 l-22 18 v-18 h-18 a14 14 0 0 1 -14 -14 v-44 a14 14 0 0 1 14 -14z" fill={c.teal} />
      <path d="M100 98 l-14 -13 a9 9 0 0 1 14 -10 a9 9 0 0 1 14 10z" fill={c.white} />
      <path d="M176 96 h104 a14 14 0 0 1 14 14 v40 a14 14 0 0 1 -14 14 h-14 v18 l-22 -18 h-68 a14 14 0 0 1 -14 -14 v-40 a14 14 0 0 1 14 -14z" fill={c.peach} />
      <path d="M212 130 l12 10 l22 -22" stroke={c.white} strokeWidth="7" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M70 160 h80 a12 12 0 0 1 12 12 v26 a12 12 0 0 1 -12 12 h-56 l-18 14 v-14 h-6 a12 12 0 0 1 -12 -12 v-26 a12 12 0 0 1 12 -12z" fill={c.tealLight} />
      <circle cx="94" cy="185" r="5" fill={c.tealDark} />
      <circle cx="112" cy="185" r="5" fill={c.tealDark} />
      <circle cx="130" cy="185" r="5" fill={c.tealDark} />
    </Illustration>
  );
}

export function MediaIllustration() {
  return (
    <Illustration title="A microphone beside a folded newspaper">
      <circle cx="160" cy="120" r="112" fill={c.tealPale} />
      <rect x="54" y="70" width="130" height="110" rx="8" fill={c.white} />
      <rect x="66" y="84" width="106" height="14" rx="3" fill={c.tealDark} />
      <rect x="66" y="108" width="48" height="40" rx="3" fill={c.peach} />
      <line x1="124" y1="112" x2="172" y2="112" stroke={c.hairGrey} strokeWidth="4" strokeLinecap="round" />
      <line x1="124" y1="126" x2="172" y2="126" stroke={c.hairGrey} strokeWidth="4" strokeLinecap="round" />
      <line x1="124" y1="140" x2="160" y2="140" stroke={c.hairGrey} strokeWidth="4" strokeLinecap="round" />
      <line x1="66" y1="162" x2="172" y2="162" stroke={c.hairGrey} strokeWidth="4" strokeLinecap="round" />
      <rect x="214" y="56" width="44" height="76" rx="22" fill={c.teal} />
      <line x1="224" y1="78" x2="248" y2="78" stroke={c.tealPale} strokeWidth="3" />
      <line x1="224" y1="92" x2="248" y2="92" stroke={c.tealPale} strokeWidth="3" />
      <line x1="224" y1="106" x2="248" y2="106" stroke={c.tealPale} strokeWidth="3" />
      <path d="M202 112 a34 34 0 0 0 68 0" stroke={c.tealDark} strokeWidth="6" fill="none" strokeLinecap="round" />
      <rect x="232" y="146" width="8" height="40" fill={c.tealDark} />
      <rect x="212" y="184" width="48" height="10" rx="5" fill={c.tealDark} />
    </Illustration>
  );
}
