import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import { ActionIcon, Badge, Menu, Select } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconMapPin } from '@tabler/icons-react';
import { switchLocation } from '../features/sessions/session.slice';
import { useAppDispatch, useAppSelector } from './store';

/**
 * The header's location switcher (a chunk of its own: Select and Menu bring the popover code,
 * which a first page does not need before it shows). From sm up a select; on a phone a pin
 * button with a menu, so that the user name and Logout keep their room at 360 px. Only the one
 * that shows is rendered: the select keeps its (hidden) list mounted and places it at once,
 * which on a phone cost a forced layout of the page in its first render (docs/performance-web.md).
 */
export function LocationSwitcher() {
  const dispatch = useAppDispatch();
  const { location, locations } = useAppSelector((s) => s.session);
  const wide = useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false });
  // A single location is only information: phones keep the header's room for the basket and the user.
  if (locations.length < 2)
    return location ? (
      <Badge variant="light" visibleFrom="sm">
        {location.locationName}
      </Badge>
    ) : null;
  const choose = (value: string | null) => value && dispatch(switchLocation(Number(value)));
  if (wide)
    return (
      <Select
        aria-label="Current location"
        size="xs"
        w={200}
        allowDeselect={false}
        value={location ? String(location.locationId) : null}
        data={locations.map((l) => ({ value: String(l.locationId), label: l.locationName }))}
        onChange={choose}
      />
    );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="light"
          size="lg"
          aria-label={`Current location: ${location?.locationName ?? 'none'}. Switch location`}
          data-testid="location-menu"
        >
          <IconMapPin size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Location</Menu.Label>
        {locations.map((l) => (
          <Menu.Item
            key={l.locationId}
            onClick={() => choose(String(l.locationId))}
            rightSection={l.locationId === location?.locationId ? <IconCheck size={14} /> : null}
            aria-current={l.locationId === location?.locationId ? 'true' : undefined}
          >
            {l.locationName}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
