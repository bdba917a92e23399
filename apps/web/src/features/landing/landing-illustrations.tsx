import { artColours as c, Illustration } from '../../platform/illustration';

/**
 * Flat illustrations for the landing pages, drawn from a few simple shapes in the shared palette.
 * Each has a short text alternative saying what it shows.
 */

/** A person from the waist up: body at (x, y) as the top of the shoulders, head above. */
function Person({
  x,
  y,
  skin,
  hair,
  shirt,
  size = 1,
}: {
  x: number;
  y: number;
  skin: string;
  hair: string;
  shirt: string;
  size?: number;
}) {
  return (
    <g transform={`translate(${x} ${y}) scale(${size})`}>
      <path d="M-34 70 C-34 20 -24 0 0 0 C24 0 34 20 34 70 Z" fill={shirt} />
      <rect x={-7} y={-10} width={14} height={14} rx={4} fill={skin} />
      <circle cx={0} cy={-28} r={20} fill={skin} />
      <path d="M-21 -28 C-21 -52 21 -52 21 -28 C14 -40 -12 -42 -21 -28 Z" fill={hair} />
    </g>
  );
}

function Ground() {
  return <ellipse cx={160} cy={226} rx={140} ry={10} fill={c.tealPale} />;
}

export function WorkerIllustration() {
  return (
    <Illustration title="A support worker with a calendar of shifts and a paid invoice">
      <circle cx={160} cy={120} r={104} fill={c.sand} />
      <Ground />
      <rect x={30} y={40} width={92} height={84} rx={10} fill={c.white} stroke={c.teal} strokeWidth={4} />
      <rect x={30} y={40} width={92} height={20} rx={8} fill={c.teal} />
      {[0, 1, 2].map((row) =>
        [0, 1, 2].map((col) => (
          <rect
            key={`${row}-${col}`}
            x={42 + col * 26}
            y={70 + row * 17}
            width={18}
            height={11}
            rx={3}
            fill={row === 1 && col === 1 ? c.peach : c.tealPale}
          />
        )),
      )}
      <Person x={185} y={150} skin={c.skinMid} hair={c.hairDark} shirt={c.teal} />
      <circle cx={262} cy={82} r={28} fill={c.peach} />
      <text x={262} y={92} textAnchor="middle" fontSize={30} fontWeight={700} fill={c.ink}>
        $
      </text>
    </Illustration>
  );
}

export function CoordinatorIllustration() {
  return (
    <Illustration title="A support coordinator linked to three clients">
      <circle cx={160} cy={120} r={104} fill={c.tealPale} />
      <Ground />
      <g stroke={c.tealDark} strokeWidth={3} strokeDasharray="6 6">
        <line x1={160} y1={120} x2={62} y2={62} />
        <line x1={160} y1={120} x2={258} y2={62} />
        <line x1={160} y1={120} x2={262} y2={170} />
      </g>
      {[
        { x: 62, y: 62, fill: c.peach },
        { x: 258, y: 62, fill: c.sand },
        { x: 262, y: 170, fill: c.peach },
      ].map((client) => (
        <g key={`${client.x}-${client.y}`}>
          <circle cx={client.x} cy={client.y} r={26} fill={client.fill} stroke={c.white} strokeWidth={4} />
          <circle cx={client.x} cy={client.y - 6} r={8} fill={c.ink} />
          <path d={`M${client.x - 13} ${client.y + 16} a13 11 0 0 1 26 0 Z`} fill={c.ink} />
        </g>
      ))}
      <Person x={150} y={150} skin={c.skinLight} hair={c.hairDark} shirt={c.tealDark} />
      <rect x={160} y={168} width={40} height={50} rx={4} fill={c.white} stroke={c.ink} strokeWidth={3} />
      <path d="M168 184 h24 M168 196 h24 M168 208 h16" stroke={c.teal} strokeWidth={3} />
    </Illustration>
  );
}

export function ProviderIllustration() {
  return (
    <Illustration title="A provider's office joined to a client's home">
      <circle cx={160} cy={120} r={104} fill={c.sand} />
      <Ground />
      <rect x={36} y={70} width={96} height={150} rx={6} fill={c.teal} />
      {[0, 1, 2, 3].map((row) =>
        [0, 1].map((col) => (
          <rect key={`${row}-${col}`} x={52 + col * 40} y={86 + row * 30} width={24} height={18} rx={3} fill={c.tealPale} />
        )),
      )}
      <path d="M190 150 L240 110 L290 150 Z" fill={c.peach} />
      <rect x={200} y={150} width={80} height={70} fill={c.white} stroke={c.tealDark} strokeWidth={4} />
      <rect x={230} y={180} width={20} height={40} fill={c.tealDark} />
      <path d="M132 190 C160 170 172 170 200 190" fill="none" stroke={c.tealDark} strokeWidth={4} strokeDasharray="8 6" />
      <path
        d="M166 152 c-8 -12 -26 -4 -18 10 l18 16 l18 -16 c8 -14 -10 -22 -18 -10 Z"
        fill={c.peach}
        stroke={c.white}
        strokeWidth={2}
      />
    </Illustration>
  );
}

export function HomeCareIllustration() {
  return (
    <Illustration title="An older person at home with the support worker they chose">
      <circle cx={160} cy={120} r={104} fill={c.tealPale} />
      <Ground />
      <path d="M40 110 L160 30 L280 110 Z" fill={c.teal} />
      <rect x={60} y={110} width={200} height={110} fill={c.white} />
      <rect x={220} y={126} width={28} height={28} rx={3} fill={c.sand} stroke={c.teal} strokeWidth={3} />
      <Person x={120} y={160} skin={c.skinLight} hair={c.hairGrey} shirt={c.peach} size={0.9} />
      <Person x={188} y={156} skin={c.skinDark} hair={c.hairDark} shirt={c.tealDark} size={0.95} />
    </Illustration>
  );
}

export function NdisIllustration() {
  return (
    <Illustration title="A participant in a wheelchair and a support worker looking over a plan">
      <circle cx={160} cy={120} r={104} fill={c.sand} />
      <Ground />
      <rect x={210} y={40} width={70} height={90} rx={6} fill={c.white} stroke={c.teal} strokeWidth={4} />
      <path d="M222 62 h46 M222 78 h46 M222 94 h30" stroke={c.tealLight} strokeWidth={5} strokeLinecap="round" />
      <path d="M224 112 l10 10 l20 -22" fill="none" stroke={c.tealDark} strokeWidth={5} strokeLinecap="round" />
      <Person x={100} y={128} skin={c.skinMid} hair={c.hairDark} shirt={c.peach} size={0.85} />
      <circle cx={104} cy={196} r={28} fill="none" stroke={c.ink} strokeWidth={6} />
      <path d="M70 186 h58 v-14" fill="none" stroke={c.ink} strokeWidth={6} strokeLinecap="round" />
      <Person x={196} y={158} skin={c.skinLight} hair={c.hairDark} shirt={c.teal} />
    </Illustration>
  );
}

export function PartnerIllustration() {
  return (
    <Illustration title="Two organisations working together, with a gift tag">
      <circle cx={160} cy={120} r={104} fill={c.tealPale} />
      <Ground />
      <circle cx={126} cy={120} r={58} fill={c.teal} opacity={0.85} />
      <circle cx={194} cy={120} r={58} fill={c.peach} opacity={0.9} />
      <path d="M160 96 c-10 -16 -34 -6 -24 14 l24 22 l24 -22 c10 -20 -14 -30 -24 -14 Z" fill={c.white} />
      <g transform="rotate(-14 250 190)">
        <rect x={222} y={172} width={64} height={38} rx={6} fill={c.sand} stroke={c.tealDark} strokeWidth={3} />
        <circle cx={234} cy={191} r={5} fill={c.tealDark} />
        <path d="M246 186 h30 M246 196 h22" stroke={c.tealDark} strokeWidth={3} />
      </g>
    </Illustration>
  );
}

export type ServiceArt = 'disability' | 'mentalHealth' | 'agedCare';

export function ServiceIllustration({ art }: { art: ServiceArt }) {
  if (art === 'mentalHealth') {
    return (
      <Illustration title="Two people talking over a cup of tea">
        <circle cx={160} cy={120} r={104} fill={c.sand} />
        <Ground />
        <rect x={40} y={40} width={90} height={50} rx={20} fill={c.white} stroke={c.teal} strokeWidth={4} />
        <circle cx={68} cy={65} r={5} fill={c.teal} />
        <circle cx={85} cy={65} r={5} fill={c.teal} />
        <circle cx={102} cy={65} r={5} fill={c.teal} />
        <rect x={196} y={30} width={84} height={46} rx={20} fill={c.tealPale} stroke={c.tealDark} strokeWidth={4} />
        <path d="M222 53 c6 -10 18 -2 16 6 c-2 8 -16 14 -16 14 c0 0 -14 -6 -16 -14 c-2 -8 10 -16 16 -6 Z" fill={c.peach} transform="translate(16 -4)" />
        <Person x={98} y={150} skin={c.skinMid} hair={c.hairDark} shirt={c.peach} />
        <Person x={222} y={150} skin={c.skinLight} hair={c.hairDark} shirt={c.teal} />
        <rect x={146} y={196} width={28} height={24} rx={5} fill={c.white} stroke={c.ink} strokeWidth={3} />
      </Illustration>
    );
  }
  if (art === 'agedCare') {
    return (
      <Illustration title="An older person with a walking stick out for a walk with a support worker">
        <circle cx={160} cy={120} r={104} fill={c.tealPale} />
        <Ground />
        <circle cx={262} cy={62} r={24} fill={c.peach} />
        <Person x={120} y={140} skin={c.skinLight} hair={c.hairGrey} shirt={c.sand} />
        <line x1={82} y1={170} x2={74} y2={222} stroke={c.ink} strokeWidth={5} strokeLinecap="round" />
        <Person x={206} y={146} skin={c.skinMid} hair={c.hairDark} shirt={c.tealDark} />
      </Illustration>
    );
  }
  return (
    <Illustration title="A person in a wheelchair heading out with a support worker">
      <circle cx={160} cy={120} r={104} fill={c.sand} />
      <Ground />
      <circle cx={264} cy={58} r={22} fill={c.peach} />
      <Person x={120} y={124} skin={c.skinDark} hair={c.hairDark} shirt={c.teal} size={0.85} />
      <circle cx={124} cy={194} r={28} fill="none" stroke={c.ink} strokeWidth={6} />
      <path d="M90 184 h58 v-14" fill="none" stroke={c.ink} strokeWidth={6} strokeLinecap="round" />
      <Person x={212} y={150} skin={c.skinLight} hair={c.hairDark} shirt={c.peach} />
    </Illustration>
  );
}
