import { switchLocation } from '../features/sessions/session.slice';
import plain from '../components/plain/plain.module.css';
import css from './LocationSwitcher.module.css';
import { useAppDispatch, useAppSelector } from '../lib/store-hooks';

/**
 * The header's location switcher: the browser's own select (plain, as the rest of the frame:
 * docs/performance-web.md, "Light shell"). From sm up it shows the location's name; on a phone
 * it is a pin button that opens the phone's list, so that the user name and Logout keep their
 * room at 360 px. A single location is only information: a badge, hidden on a phone.
 */
export function LocationSwitcher() {
  const dispatch = useAppDispatch();
  const { location, locations } = useAppSelector((s) => s.session);
  if (locations.length < 2)
    return location ? <span className={`${plain.badge} ${css.badge}`}>{location.locationName}</span> : null;
  return (
    <select
      className={css.select}
      aria-label="Current location"
      title={location ? `Current location: ${location.locationName}` : undefined}
      value={location ? String(location.locationId) : ''}
      onChange={(e) => dispatch(switchLocation(Number(e.currentTarget.value)))}
    >
      {locations.map((l) => (
        <option key={l.locationId} value={l.locationId}>
          {l.locationName}
        </option>
      ))}
    </select>
  );
}
