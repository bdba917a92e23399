import type { LearningModuleCode } from './learning';

/**
 * The learning hub's content (issue 12): six short modules written for independent support
 * workers in Australia, each with a quiz. Markdown; `{brand}`, `{supportPhone}` and
 * `{supportEmail}` are filled from the site configuration when the page is shown, so the brand is
 * never written into the text.
 *
 * The correct answers are in this file: only the API imports it. The web app gets the modules
 * from GET /api/learning/modules/{code}, which leaves the answers out, and learns which questions
 * were wrong only after it submits a quiz.
 *
 * Facts follow ../shared/domain/workflows.md (how the product works: contracts, bookings, hours,
 * job reports, invoices, the platform fee, cancellations) and the NDIS Commission's published
 * rules: the NDIS (Code of Conduct) Rules 2018 and the NDIS (Incident Management and Reportable
 * Incidents) Rules 2018.
 */

export interface LearningQuizOption {
  readonly id: string;
  readonly text: string;
}

export interface LearningQuizQuestion {
  readonly id: string;
  readonly prompt: string;
  readonly options: readonly LearningQuizOption[];
  /** The id of the one correct option. Never leaves the server before the quiz is submitted. */
  readonly correctOptionId: string;
}

export interface LearningSection {
  readonly heading: string;
  /** Markdown under the heading; its own headings start at `###`. */
  readonly markdown: string;
}

export interface LearningModule {
  readonly code: LearningModuleCode;
  readonly title: string;
  readonly summary: string;
  readonly readingMinutes: number;
  readonly sections: readonly LearningSection[];
  readonly quiz: readonly LearningQuizQuestion[];
}

const options = (...texts: string[]): LearningQuizOption[] =>
  texts.map((text, index) => ({ id: String.fromCharCode(97 + index), text }));

const platformInduction: LearningModule = {
  code: 'platform-induction',
  title: 'Working on {brand}',
  summary:
    'How work flows on {brand}: from a contract with a client to bookings, submitting your hours, job reports, invoices, the platform fee and getting paid. Every worker completes this module before their profile is reviewed.',
  readingMinutes: 12,
  sections: [
    {
      heading: 'You run your own business',
      markdown: `On {brand} you work as an **independent contractor**, not an employee. That means:

- you hold your own ABN, and you are responsible for your own tax and superannuation;
- you set your own hourly rates and the hours you are available, and they show on your profile;
- you choose the clients and jobs you take on;
- you keep your compliance documents current: your NDIS Worker Screening clearance, national police check, working-with-children check where you support people under 18, and any first aid or CPR certificates you list.

{brand} is an NDIS registered provider. We check every worker before their profile goes live, keep the records the NDIS Commission expects, and run the bookings, invoices and payments. If a required document expires, your profile becomes inactive until a renewed one is approved, so keep an eye on the reminders we email you.`,
    },
    {
      heading: 'Contracts (service agreements)',
      markdown: `Work starts with a **contract**, which is the service agreement between you and the care seeker. The care seeker offers it to you for one job, and it records:

- the supports you will provide and any details that matter for the person;
- your rates: weekday, Saturday, Sunday, public holiday, evening, overnight and travel per kilometre;
- for NDIS-funded clients, the NDIS support items and amounts, which can never be above the NDIS price limits;
- the end date, the cancellation and termination policies, emergency contacts and a note.

Read every contract before you accept it. Accepting records your name and the time as your signature, and the contract becomes **active**. You can also decline an offer, and the care seeker can withdraw an offer you have not answered. An active contract ends on its end date or when either side terminates it. A contract cannot be terminated while any of its hours are waiting for approval or its invoices are unpaid. Anyone on the contract can download it as a PDF.`,
    },
    {
      heading: 'Bookings and shifts',
      markdown: `Shifts are booked under an active contract. A booking has a start, an end and a frequency: one-off, weekly or fortnightly until a date. Each occurrence is a **shift** with its own status:

- **Confirmed**: the shift is going ahead;
- **Unconfirmed**: it still needs an answer, or it was changed;
- **Cancelled**: it is not going ahead. A cancellation records who cancelled, when, and whether it was at short notice.

Your calendar shows your shifts by week and month, in the time zone of the state where the support happens. Check it every day, and answer unconfirmed shifts quickly so your clients can plan.

### Cancellations

The standard cancellation terms follow the NDIS short-notice rule: if a client cancels with **less than 7 clear days' notice**, or does not show up, you may charge up to 100% of the booked shift, when the contract says so. If you need to cancel, tell your client straight away and help find cover where you can. Repeated short-notice cancellations by a worker are reviewed.`,
    },
    {
      heading: 'Submitting hours, job reports and invoices',
      markdown: `After each shift, **submit your hours**: the actual start and end, any breaks, kilometres travelled with a note of the route, expenses, and a **shift note** about the support you gave. You can save hours day by day and submit them together.

1. Submitted hours become a **job report**: an invoice that is waiting for approval.
2. The care seeker, or the nominee they chose, approves or rejects it (with a reason) within 7 days. If they do nothing for 7 days, it is approved automatically. Some care seekers choose to approve automatically.
3. Approval issues the **invoice**. It is priced from your contract: each shift is split by time of day (weekday daytime, evening, night, Saturday, Sunday, and the public holidays of the state where it happened) at your contract's rates, plus travel and expenses. GST is added only if you are registered for GST.

Submit honest hours only: what you actually worked. Hours that do not match the shift, or a missing shift note, delay your payment and may be queried.`,
    },
    {
      heading: 'The platform fee and getting paid',
      markdown: `When an invoice is paid, you are paid within one business day of the funds arriving. Each payout comes with a **remittance** that lists the invoices it covers, the fees deducted and the amount paid to your bank account.

{brand} deducts a **platform fee** from each payout. It is a percentage of your hourly amounts only: it is never taken from travel, expenses or GST. Your client pays your rates and nothing more, so an NDIS-funded invoice stays within the price limits. The Platform fee page in your account shows the current fee.

Keep all payments on {brand}. Taking cash or private payment for work arranged here leaves you and your client without the records, insurance and protections the platform gives you.`,
    },
  ],
  quiz: [
    {
      id: 'q1',
      prompt: 'A care seeker offers you a contract. What does accepting it do?',
      options: options(
        'Nothing until {brand} approves it by email',
        'It records your name and the time as your signature, and the contract becomes active',
        'It books the first shift automatically',
        'It registers you for GST',
      ),
      correctOptionId: 'b',
    },
    {
      id: 'q2',
      prompt: 'What should you submit after a shift?',
      options: options(
        'Only the hours from the booking, even if the shift ran short',
        'A photo of the client as proof of attendance',
        'The actual start and end, breaks, kilometres, expenses and a shift note',
        'Nothing: hours are submitted at the end of the month by {brand}',
      ),
      correctOptionId: 'c',
    },
    {
      id: 'q3',
      prompt: 'The care seeker has not approved or rejected your job report after 7 days. What happens?',
      options: options(
        'It is approved automatically',
        'It is cancelled and you must submit it again',
        'It is rejected automatically',
        'You must phone the client for approval',
      ),
      correctOptionId: 'a',
    },
    {
      id: 'q4',
      prompt: 'Which of these does the platform fee come out of?',
      options: options(
        'Your travel per kilometre',
        'The expenses you paid for the client',
        'GST on your invoice',
        'Your hourly amounts',
      ),
      correctOptionId: 'd',
    },
    {
      id: 'q5',
      prompt: 'Under the standard terms, when may a short-notice cancellation be charged?',
      options: options(
        'Whenever a shift is cancelled, whatever the notice',
        'When the client cancels with less than 7 clear days’ notice or does not show, and the contract allows it',
        'Only when the client cancels on the day',
        'Never: cancellations can’t be charged on the NDIS',
      ),
      correctOptionId: 'b',
    },
    {
      id: 'q6',
      prompt: 'A client offers to pay you in cash for extra shifts outside the platform. What should you do?',
      options: options(
        'Accept, as long as you declare it in your tax return',
        'Accept, but only for private clients',
        'Decline and book the shifts through {brand}, so that the records, insurance and protections apply',
        'Accept and add it to your next job report as an expense',
      ),
      correctOptionId: 'c',
    },
  ],
};

const codeOfConduct: LearningModule = {
  code: 'ndis-code-of-conduct',
  title: 'The NDIS Code of Conduct',
  summary:
    'The seven obligations that everyone delivering NDIS supports must meet, what each looks like in day-to-day support, and what happens when the code is breached.',
  readingMinutes: 10,
  sections: [
    {
      heading: 'What the code is and who it covers',
      markdown: `The NDIS Code of Conduct is law: the *NDIS (Code of Conduct) Rules 2018*, made under the *National Disability Insurance Scheme Act 2013*. The NDIS Quality and Safeguards Commission (the NDIS Commission) enforces it.

It applies to every NDIS provider, registered or not, and to every worker they employ or engage. As a worker on {brand} you are covered whenever you deliver supports to an NDIS participant, and it applies to all of your contact with them: in person, by phone, in messages and online. You accepted the code when you registered.`,
    },
    {
      heading: 'The seven obligations',
      markdown: `In providing supports or services to people with disability, you must:

1. **act with respect** for individual rights to freedom of expression, self-determination and decision-making, in line with the law;
2. **respect the privacy** of people with disability;
3. **provide supports and services in a safe and competent manner**, with care and skill;
4. **act with integrity, honesty and transparency**;
5. **promptly take steps to raise and act on concerns** about matters that may affect the quality and safety of supports and services;
6. **take all reasonable steps to prevent and respond to** all forms of violence against, and exploitation, neglect and abuse of, people with disability;
7. **take all reasonable steps to prevent and respond to sexual misconduct**.`,
    },
    {
      heading: 'What the obligations look like in practice',
      markdown: `- **Choice and control.** Ask the person how they want their support delivered and follow their lead, even when a family member would choose differently. People have the right to take reasonable risks.
- **Privacy.** Share information only with the person's consent or where the law requires it. Never post photos or details of a client online. Knock before entering a room and explain what you are about to do during personal care.
- **Safe and competent support.** Only do what you are trained and able to do safely, follow the person's support and behaviour support plans, and say when a task is beyond your skills.
- **Integrity.** Record only the hours you worked, avoid conflicts of interest, and do not accept gifts or money beyond a small token. Never borrow from, lend to, or sell to a client.
- **Raising concerns.** Tell {brand} about anything that could affect the quality or safety of a person's support, even if you are unsure. You will not be disadvantaged for raising a concern in good faith.
- **Preventing harm.** Know the signs of abuse, neglect and exploitation: unexplained injuries, fear of a particular person, missing money or belongings, poor hygiene or weight loss. Act on them.
- **Sexual misconduct.** Never engage in sexual or romantic contact with a person you support, and never make sexual comments or jokes. Report any sexual misconduct you see or hear about.`,
    },
    {
      heading: 'When the code is breached',
      markdown: `Anyone can complain to the NDIS Commission about a breach of the code. The Commission can investigate, and for workers the consequences can include a banning order that stops you working in the NDIS. Serious matters may also be reported to police.

If you are not sure whether something breaches the code, ask {brand} on {supportPhone} or at {supportEmail}. It is always better to raise a concern than to stay quiet.`,
    },
  ],
  quiz: [
    {
      id: 'q1',
      prompt: 'How many obligations does the NDIS Code of Conduct set out?',
      options: options('Five', 'Six', 'Seven', 'Ten'),
      correctOptionId: 'c',
    },
    {
      id: 'q2',
      prompt: 'Who does the NDIS Code of Conduct apply to?',
      options: options(
        'Only registered NDIS providers',
        'Every NDIS provider, registered or not, and every worker delivering NDIS supports',
        'Only workers employed by an agency',
        'Only support coordinators',
      ),
      correctOptionId: 'b',
    },
    {
      id: 'q3',
      prompt: 'A client wants to go to the beach alone, although her daughter thinks it is risky. What respects the code?',
      options: options(
        'Cancel the outing because the family objects',
        'Support her choice, talk through the risks with her, and help her plan to stay safe',
        'Lock the door so she cannot leave',
        'Go without telling her daughter anything, ever',
      ),
      correctOptionId: 'b',
    },
    {
      id: 'q4',
      prompt: 'Which of these breaches the obligation to respect privacy?',
      options: options(
        'Knocking before entering a client’s bedroom',
        'Telling {brand} about a concern for a client’s safety',
        'Posting a photo of a client on social media without their consent',
        'Keeping shift notes factual',
      ),
      correctOptionId: 'c',
    },
    {
      id: 'q5',
      prompt: 'You notice unexplained bruises and that a client seems afraid of a visitor. What should you do?',
      options: options(
        'Nothing unless the client complains',
        'Confront the visitor yourself',
        'Wait a few weeks to see if it happens again',
        'Make sure the client is safe and report your concern to {brand} straight away',
      ),
      correctOptionId: 'd',
    },
    {
      id: 'q6',
      prompt: 'Who enforces the NDIS Code of Conduct?',
      options: options(
        'The NDIS Quality and Safeguards Commission',
        'The Australian Taxation Office',
        'Each client’s support coordinator',
        'Your local council',
      ),
      correctOptionId: 'a',
    },
  ],
};

const infectionPrevention: LearningModule = {
  code: 'infection-prevention',
  title: 'Infection prevention and control',
  summary:
    'Hand hygiene, standard precautions, gloves and other protective equipment, cleaning, and when to stay home: the everyday habits that stop infections spreading between you and the people you support.',
  readingMinutes: 10,
  sections: [
    {
      heading: 'Why it matters',
      markdown: `Many of the people you support are more likely to become seriously ill from an infection: older people, people with chronic conditions, and people whose immune systems are weakened by illness or medicines. Germs travel on hands, surfaces, equipment and through the air. Because you move between homes and the community, you can carry them from one person to the next without knowing. A few habits, done every time, break that chain.`,
    },
    {
      heading: 'Hand hygiene',
      markdown: `Clean hands are the single most effective way to prevent infection. Clean your hands:

- before and after touching a person;
- before a clean task such as preparing food, helping with eating, or touching a wound or medication;
- after any risk of contact with body fluids, and after taking off gloves;
- after touching the person's surroundings, and after using the toilet, coughing or sneezing.

Use **alcohol-based hand rub** for hands that are not visibly dirty: rub every surface of your hands until dry, about 20 to 30 seconds. Use **soap and water** when hands are visibly dirty, after using the toilet, and when someone has gastroenteritis (vomiting or diarrhoea): wash for at least 20 seconds, rinse and dry well with a paper towel or clean towel.

Keep nails short and clean, cover cuts with a waterproof dressing, and avoid rings and watches that trap germs during personal care.`,
    },
    {
      heading: 'Standard precautions and protective equipment',
      markdown: `**Standard precautions** are the things you do with every person, every time, whether or not you know they have an infection: hand hygiene, wearing protective equipment when there is a risk of contact with body fluids, respiratory hygiene, cleaning, and handling waste and sharps safely.

- **Gloves**: wear disposable gloves for contact with blood, urine, faeces, vomit or other body fluids, broken skin, and during personal care such as toileting. Use a new pair for each task and each person, and clean your hands after taking them off. Gloves are not a substitute for hand hygiene.
- **Aprons or gowns**: when your clothes could be splashed.
- **Masks and eye protection**: when there is a risk of splashes to the face, or when the person has a respiratory infection, as their care plan or public health advice says.

Put equipment on in this order: hand hygiene, gown, mask, eye protection, gloves. Take it off carefully so you do not touch the contaminated outside: gloves first, then hand hygiene, then gown, eye protection and mask, then hand hygiene again.`,
    },
    {
      heading: 'Cleaning, waste, sharps and spills',
      markdown: `- Clean surfaces that are touched often, such as bench tops, taps, handles and equipment, with detergent and water, and use a disinfectant where body fluids have been or when the household has an infection.
- Wear gloves to clean up spills of body fluids; absorb the spill, clean with detergent, then disinfect.
- Put soiled dressings and continence aids in a sealed bag in the household rubbish unless the care plan says otherwise.
- Never recap a used needle. Put sharps straight into a sharps container. If you have a needle-stick injury, wash the area with soap and water, seek medical advice straight away, and report it to {brand}.
- Wash soiled linen separately on the hottest setting it can take.`,
    },
    {
      heading: 'When you are unwell',
      markdown: `Do not work while you have an infection you could pass on. Tell your client and {brand} as early as you can so that cover can be arranged. In particular:

- stay away from work with a fever, a cough or other respiratory symptoms until you are well, and follow current public health advice;
- after vomiting or diarrhoea, do not return until **48 hours** after your symptoms have stopped.

Keep your vaccinations up to date, including the yearly flu vaccine: it protects you and the people you support.`,
    },
  ],
  quiz: [
    {
      id: 'q1',
      prompt: 'What is the single most effective way to prevent the spread of infection?',
      options: options('Wearing a mask all day', 'Hand hygiene', 'Opening windows', 'Taking vitamins'),
      correctOptionId: 'b',
    },
    {
      id: 'q2',
      prompt: 'When should you use soap and water rather than alcohol-based hand rub?',
      options: options(
        'Never: hand rub is always better',
        'Only at the end of the day',
        'When your hands are visibly dirty, after using the toilet, and when someone has gastroenteritis',
        'Only before eating',
      ),
      correctOptionId: 'c',
    },
    {
      id: 'q3',
      prompt: 'What are standard precautions?',
      options: options(
        'Precautions used only for people with a known infection',
        'Precautions you use with every person, every time',
        'Rules for hospital staff only',
        'A vaccination schedule',
      ),
      correctOptionId: 'b',
    },
    {
      id: 'q4',
      prompt: 'You have finished helping a client in the toilet. What do you do with your gloves?',
      options: options(
        'Keep them on for the next task to save time',
        'Wash them and reuse them',
        'Take them off carefully, put them in the bin and clean your hands',
        'Take them off and skip hand hygiene, because gloves protected you',
      ),
      correctOptionId: 'c',
    },
    {
      id: 'q5',
      prompt: 'You had gastroenteritis. When can you return to work?',
      options: options(
        'As soon as you feel well enough',
        'The next morning',
        '48 hours after your symptoms have stopped',
        'After a week, whatever your symptoms',
      ),
      correctOptionId: 'c',
    },
    {
      id: 'q6',
      prompt: 'You find a used needle while cleaning. What is the safe thing to do?',
      options: options(
        'Put the cap back on it and throw it in the bin',
        'Put it straight into a sharps container without recapping it',
        'Wrap it in paper towel and take it home',
        'Leave it where it is',
      ),
      correctOptionId: 'b',
    },
  ],
};

const manualHandling: LearningModule = {
  code: 'manual-handling',
  title: 'Manual handling',
  summary:
    'How to assess and reduce the risk in tasks that involve lifting, pushing, pulling, holding or supporting, including helping people move, and what to do when someone falls.',
  readingMinutes: 9,
  sections: [
    {
      heading: 'Why manual handling matters',
      markdown: `Muscle and back injuries from manual tasks are among the most common injuries in care and support work. A hazardous manual task is any task that needs you to lift, lower, push, pull, carry, hold or restrain a person or object, with force, repetition, an awkward posture or for a long time. Work health and safety laws require everyone to take reasonable care for their own health and safety and that of others. An injury can also hurt the person you support, and can stop you working for months.`,
    },
    {
      heading: 'Assess before you move anything: TILE',
      markdown: `Before any manual task, think through **TILE**:

- **Task**: what does it involve? Twisting, reaching, bending, repeating, or holding a load away from your body all increase the risk.
- **Individual**: are you trained for this task and fit to do it today? For a person: how much can they help, and might they be unsteady, in pain or unpredictable?
- **Load**: how heavy, bulky or unstable is it?
- **Environment**: is there enough space? Are floors wet, cluttered or uneven? Is the lighting good, and is the bed or chair at the right height?

If the risk is too high, do not do the task. Change the task, use equipment, get help, or talk to the client and {brand} about a safer way.`,
    },
    {
      heading: 'Helping people move safely',
      markdown: `- **Follow the person's plan.** Their support plan or mobility assessment, often written by an occupational therapist or physiotherapist, says how they transfer, what equipment to use and how many people are needed. Never do a two-person transfer on your own.
- **Do not lift a person manually.** Use the equipment in the plan, such as a hoist, slide sheet, transfer belt or standing aid, and only after you have been shown how to use it. Check the equipment before each use and report any that is damaged.
- **Let the person do what they can.** Explain each step, agree on a signal such as "ready, steady, stand", and give them time.
- **Good posture.** Keep your back straight and your feet apart, bend your knees, stay close to the load, and move your feet to turn rather than twisting your back. Adjust bed height where you can.`,
    },
    {
      heading: 'If someone falls',
      markdown: `Do not try to catch a person who is falling: you are likely to be injured and may hurt them more. Instead, try to guide them down and protect their head.

After a fall:

1. Stay calm, reassure the person and check for injuries. Do not move them if they may have hurt their head, neck or back, or if they are in pain.
2. Call **000** if they are injured, unconscious or you are not sure.
3. Do not lift them from the floor by yourself. Help them to get up only if they are uninjured and can do most of the work, following their plan, or wait for help or use equipment.
4. Tell their emergency contact as the plan says, record what happened, and report the fall to {brand}.

### Report hazards and injuries

Tell {brand} about any hazard you notice, such as broken equipment or a bathroom that is unsafe, and about any injury to you or the client, however small. Reports help us fix problems before someone is hurt.`,
    },
  ],
  quiz: [
    {
      id: 'q1',
      prompt: 'What does TILE stand for when you assess a manual task?',
      options: options(
        'Time, Injury, Lifting, Equipment',
        'Task, Individual, Load, Environment',
        'Training, Insurance, Law, Employer',
        'Turn, Inspect, Lift, Exit',
      ),
      correctOptionId: 'b',
    },
    {
      id: 'q2',
      prompt: 'A client’s plan says transfers need two people and a hoist. The second worker has not arrived. What should you do?',
      options: options(
        'Do the transfer alone, carefully',
        'Lift the client without the hoist',
        'Wait for help or make the client comfortable and safe until the transfer can be done as planned',
        'Ask a young family member to lift with you',
      ),
      correctOptionId: 'c',
    },
    {
      id: 'q3',
      prompt: 'Which posture reduces the risk of a back injury?',
      options: options(
        'Bending at the waist with straight legs',
        'Twisting your back to turn with a load',
        'Holding the load at arm’s length',
        'Keeping your back straight, knees bent and the load close to you',
      ),
      correctOptionId: 'd',
    },
    {
      id: 'q4',
      prompt: 'A client starts to fall. What should you do?',
      options: options(
        'Catch them before they reach the floor',
        'Guide them down and protect their head, rather than trying to catch them',
        'Step away and call out',
        'Grab their arm to pull them up',
      ),
      correctOptionId: 'b',
    },
    {
      id: 'q5',
      prompt: 'You notice the sling on a client’s hoist is frayed. What do you do?',
      options: options(
        'Use it once more and mention it later',
        'Do not use it, and report it so it can be replaced',
        'Repair it with tape',
        'Use it, because the hoist motor still works',
      ),
      correctOptionId: 'b',
    },
  ],
};

const medicationAwareness: LearningModule = {
  code: 'medication-awareness',
  title: 'Medication awareness',
  summary:
    'What support workers may and may not do with medicines, the six rights of medication support, how to record it, and what to do when something goes wrong.',
  readingMinutes: 10,
  sections: [
    {
      heading: 'Your role: you assist, you do not prescribe',
      markdown: `Only a doctor, nurse practitioner or other authorised health professional can prescribe a medicine or change a dose. As a support worker you **assist** a person with their medicines, and only:

- when it is part of the support in your contract;
- as their **medication plan** says, which comes from the prescriber or pharmacist;
- when you have the training the task needs, such as assisting from a dose administration aid (a blister pack like a Webster-pak).

You must not:

- decide whether a person needs a medicine, or give advice about medicines;
- change a dose or the time, crush tablets or mix them into food unless a pharmacist or prescriber has said in writing that it is safe;
- give any medicine that is not in the plan, including over-the-counter or herbal products;
- do a task that needs nursing skills, such as injections (other than where you are trained and the plan allows), unless you are qualified.

Where the person manages their own medicines, respect that: prompt or remind them if the plan says so.`,
    },
    {
      heading: 'The six rights',
      markdown: `Every time you assist with a medicine, check the **six rights**:

1. **Right person**: check the name on the packet or pack matches the person.
2. **Right medicine**: the medicine matches the plan and the label.
3. **Right dose**: the amount matches the label and the plan.
4. **Right time**: it is the time the plan says, and the dose has not already been taken.
5. **Right route**: by mouth, on the skin, in the eye, inhaled, as the label says.
6. **Right documentation**: record it straight away, as the plan and the client's records require.

If anything does not match, **stop**. Do not give the medicine: check with the person, their family, the pharmacist or the prescriber, and tell {brand}.`,
    },
    {
      heading: 'Recording and observing',
      markdown: `- Record each medicine you helped with, the time, and anything unusual, such as a dose refused, dropped or vomited. Never record a dose before it is taken.
- Respect a person's right to refuse a medicine. Do not force or trick them. Record the refusal and tell whoever the plan says (often a family member, the pharmacist or the prescriber).
- Watch for side effects or changes after a new medicine, such as drowsiness, confusion, a rash or swelling. If the person has trouble breathing or swelling of the face or throat, call **000**.
- Store medicines as the label says, out of reach of children, and never share one person's medicine with another.`,
    },
    {
      heading: 'When something goes wrong',
      markdown: `A medication error is any mistake with a medicine: a wrong medicine, dose, person, time or route, a missed dose, or a dose given twice. If it happens:

1. **Make the person safe.** If they are unwell, unconscious or having trouble breathing, call **000**.
2. **Get advice straight away.** Phone the **Poisons Information Centre on 13 11 26** (24 hours, Australia-wide), or the person's doctor or pharmacist, and follow their advice.
3. **Stay with the person** and watch for any change.
4. **Tell** the person, their family or representative as the plan says, and **report it to {brand}** as an incident the same day.
5. **Record** what happened, what advice you were given and what you did. Be honest and factual.

Everyone can make a mistake; hiding one is what puts people at risk. Reporting errors helps us prevent the next one. An error that causes serious injury may be a reportable incident that {brand} must notify to the NDIS Commission.`,
    },
  ],
  quiz: [
    {
      id: 'q1',
      prompt: 'Who can change the dose of a client’s medicine?',
      options: options(
        'The support worker, if the client asks',
        'A family member',
        'The prescriber, such as the client’s doctor',
        'Anyone who has read the label',
      ),
      correctOptionId: 'c',
    },
    {
      id: 'q2',
      prompt: 'Which of these is one of the six rights of medication support?',
      options: options('Right price', 'Right route', 'Right pharmacy', 'Right brand'),
      correctOptionId: 'b',
    },
    {
      id: 'q3',
      prompt: 'The tablet in the blister pack looks different from the plan. What should you do?',
      options: options(
        'Give it anyway because it is in the pack',
        'Stop, do not give it, and check with the pharmacist or prescriber',
        'Give half the dose to be safe',
        'Swap it for a tablet from another day',
      ),
      correctOptionId: 'b',
    },
    {
      id: 'q4',
      prompt: 'A client refuses their evening medicine. What is the right response?',
      options: options(
        'Hide it in their dinner',
        'Insist until they take it',
        'Respect the refusal, record it and tell whoever the plan says',
        'Take it home and give it tomorrow',
      ),
      correctOptionId: 'c',
    },
    {
      id: 'q5',
      prompt: 'You realise you gave a client’s morning dose twice. They seem well. What do you do first?',
      options: options(
        'Nothing, since they seem well',
        'Get advice straight away from the Poisons Information Centre (13 11 26) or their doctor or pharmacist',
        'Skip their next dose to even it out',
        'Write it up at the end of the week',
      ),
      correctOptionId: 'b',
    },
    {
      id: 'q6',
      prompt: 'When should you record that you helped with a medicine?',
      options: options(
        'Before giving it, to save time',
        'At the end of the shift from memory',
        'Straight after the person has taken it',
        'Only if something went wrong',
      ),
      correctOptionId: 'c',
    },
  ],
};

const incidentReporting: LearningModule = {
  code: 'incident-reporting',
  title: 'Recognising and reporting incidents',
  summary:
    'What an incident is, which incidents are reportable to the NDIS Commission, how fast they must be reported, and exactly what to do and record when something happens.',
  readingMinutes: 10,
  sections: [
    {
      heading: 'What is an incident',
      markdown: `An incident is anything that happens, or should have happened but did not, in connection with the support you give, that has caused or could have caused harm to someone. It includes:

- harm to the person you support, to you or to anyone else;
- **near misses**, where harm could have happened but did not;
- allegations of abuse, neglect, exploitation or violence, including allegations about other people;
- medication errors, falls, a person going missing, property damage and privacy breaches.

Every incident, however small, must be reported to {brand}.`,
    },
    {
      heading: 'Reportable incidents',
      markdown: `Some serious incidents involving NDIS participants are **reportable incidents** under the *NDIS (Incident Management and Reportable Incidents) Rules 2018*. {brand}, as a registered provider, must notify them to the NDIS Quality and Safeguards Commission. They are:

- the **death** of a person with disability;
- **serious injury** of a person with disability;
- **abuse or neglect** of a person with disability;
- **unlawful sexual or physical contact** with, or **assault** of, a person with disability;
- **sexual misconduct** committed against, or in the presence of, a person with disability, including grooming;
- the **use of a restrictive practice** that is not authorised, or not used as the person's behaviour support plan says.

Most reportable incidents must be notified to the NDIS Commission **within 24 hours** of key personnel becoming aware of them, with a fuller report within 5 business days. Some unauthorised uses of a restrictive practice where no one was harmed may be notified within 5 business days. To meet these deadlines, {brand} needs to hear from you **straight away**, not at the end of your shift.

In aged care, serious incidents are reported by the person's approved aged care provider under the Serious Incident Response Scheme; tell {brand} at once so that the provider can be told.`,
    },
    {
      heading: 'What to do when something happens',
      markdown: `1. **Make everyone safe.** Call **000** if anyone is in danger or needs urgent medical help, and give first aid if you are trained.
2. **Support the person** and contact their emergency contact if that is appropriate.
3. **Preserve evidence.** If a crime may have happened, do not clean up, move things or wash the person unless it is needed for their safety or health.
4. **Report to {brand} straight away** for a reportable or serious incident, and within 24 hours for any other incident: through the [report an incident](/report-incident) page, by phone on {supportPhone} or by email to {supportEmail}.
5. **Write down what happened** as soon as you can.

Do not investigate yourself, question the person in detail or confront anyone who may be involved: that can put people at risk and harm an investigation. If a person tells you about abuse, listen calmly, believe them, do not promise to keep it secret, and report it.`,
    },
    {
      heading: 'Writing a good incident record',
      markdown: `A good record is **factual, clear and written soon**. Include:

- the date, time and place;
- who was involved and who saw it;
- what you saw and heard, in the person's own words where you can (“Mr Lee said ‘my leg hurts’”), rather than your opinions (“he was being difficult”);
- any injuries, and what first aid or other help was given;
- who you told, and when.

Keep incident details confidential: share them only with {brand} and the people who need to know. No one is disadvantaged for reporting an incident in good faith, and failing to report one can breach the NDIS Code of Conduct.`,
    },
  ],
  quiz: [
    {
      id: 'q1',
      prompt: 'Which of these is a reportable incident under the NDIS rules?',
      options: options(
        'A client changes their shift time',
        'A client is seriously injured during a support',
        'A client asks for a different worker',
        'A late invoice',
      ),
      correctOptionId: 'b',
    },
    {
      id: 'q2',
      prompt: 'Within what time must most reportable incidents be notified to the NDIS Commission?',
      options: options('24 hours', '7 days', '30 days', 'By the end of the month'),
      correctOptionId: 'a',
    },
    {
      id: 'q3',
      prompt: 'A client tells you someone has been taking money from their wallet. What should you do?',
      options: options(
        'Promise to keep it a secret',
        'Question the family about it yourself',
        'Listen calmly, make sure the client is safe and report it to {brand} straight away',
        'Wait to see whether it happens again',
      ),
      correctOptionId: 'c',
    },
    {
      id: 'q4',
      prompt: 'Which statement belongs in an incident record?',
      options: options(
        '“She was being difficult as usual.”',
        '“I think her son hurt her.”',
        '“At 2:15 pm Ms Ray said ‘I fell in the shower’. I saw a red mark on her left arm.”',
        '“Nothing much happened.”',
      ),
      correctOptionId: 'c',
    },
    {
      id: 'q5',
      prompt: 'Is a near miss an incident you should report?',
      options: options(
        'No, because nobody was hurt',
        'Yes: near misses are incidents and help prevent harm next time',
        'Only if the client asks you to',
        'Only if it happens three times',
      ),
      correctOptionId: 'b',
    },
    {
      id: 'q6',
      prompt: 'Using a restrictive practice that is not authorised or not in the person’s behaviour support plan is…',
      options: options(
        'Allowed if the family agrees',
        'Allowed in an emergency without telling anyone',
        'A reportable incident',
        'Only a matter for the worker’s own notes',
      ),
      correctOptionId: 'c',
    },
  ],
};

/** The modules in the order the learning hub lists them; the induction first. */
export const learningModules: readonly LearningModule[] = [
  platformInduction,
  codeOfConduct,
  infectionPrevention,
  manualHandling,
  medicationAwareness,
  incidentReporting,
];

export function findLearningModule(code: string): LearningModule | undefined {
  return learningModules.find((module) => module.code === code);
}
