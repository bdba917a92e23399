import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { ShiftEvent } from './calendar-events';
import classes from './calendar-view.module.css';

/** FullCalendar with week, month and list views: loaded only with the calendar page. */
export default function CalendarView({
  events,
  narrow,
  onRange,
  onOpen,
}: {
  events: ShiftEvent[];
  narrow: boolean;
  onRange: (start: Date, end: Date) => void;
  onOpen: (shiftId: string) => void;
}) {
  return (
    <div className={classes.calendar}>
      <FullCalendar
        key={narrow ? 'narrow' : 'wide'}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin]}
        timeZone="UTC"
        locale="en-AU"
        firstDay={1}
        initialView={narrow ? 'listWeek' : 'timeGridWeek'}
        headerToolbar={narrow ? { left: 'prev,next', center: 'title', right: 'listWeek,dayGridMonth' } : { left: 'prev,next today', center: 'title', right: 'timeGridWeek,dayGridMonth,listWeek' }}
        // Words rather than FullCalendar's icon font, whose glyphs have role="img" and no text.
        buttonIcons={false}
        buttonText={{ prev: 'Previous', next: 'Next', today: 'Today', week: 'Week', month: 'Month', list: 'List' }}
        buttonHints={{ prev: 'Previous $0', next: 'Next $0', today: 'This $0' }}
        viewHint="$0 view"
        navLinks={false}
        height="auto"
        allDaySlot={false}
        slotMinTime="00:00:00"
        scrollTime="07:00:00"
        nowIndicator={false}
        eventInteractive
        events={events}
        eventDidMount={(info) => {
          // The focusable element: the event itself, or in the list view the link inside its row.
          const target = info.el.tagName === 'TR' ? info.el.querySelector('a') : info.el;
          if (!target) return;
          // Named by what it shows (its time and title: WCAG 2.5.3, Label in Name, so a person who
          // says what they see can open it); the full description with the day is its description.
          const description = (info.event.extendedProps as ShiftEvent['extendedProps']).description;
          target.setAttribute('title', description);
          if (!target.getAttribute('role')) target.setAttribute('role', 'button');
        }}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          onOpen((info.event.extendedProps as ShiftEvent['extendedProps']).shiftId);
        }}
        datesSet={(range) => onRange(range.start, range.end)}
      />
    </div>
  );
}
