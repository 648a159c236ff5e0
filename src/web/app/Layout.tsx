import {
  Anchor,
  AppShell,
  Badge,
  Box,
  Container,
  Group,
  Indicator,
  Select,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link, matchPath, Outlet, useLocation } from 'react-router';
import { isStaff } from '../../domain/roles';
import { switchLocation } from '../features/sessions/session.slice';
import { Logo } from '../components/Logo';
import { paths } from './paths';
import { useAppDispatch, useAppSelector } from './store';

/** The frame of every page: header with logo and session area, nav bar, footer. */
export function Layout() {
  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header>
        <Header />
      </AppShell.Header>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <NavBar />
        <Container size="xl" py="md" w="100%" style={{ flex: 1 }}>
          <Outlet />
        </Container>
        <Box
          component="footer"
          py="sm"
          mx="calc(var(--mantine-spacing-md) * -1)"
          mb="calc(var(--mantine-spacing-md) * -1)"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Text size="sm" c="dimmed" ta="center">
            © 2024 Tread Tire Supply. All rights reserved.
          </Text>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

function Header() {
  const user = useAppSelector((s) => s.session.user);
  const cartCount = useAppSelector((s) => s.cart.cartCount);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Anchor component={Link} to={paths.home} underline="never" c="inherit" aria-label="Tread home">
        <Group gap="xs" wrap="nowrap">
          <Logo />
          <Text fw={800} size="xl">
            Tread
          </Text>
        </Group>
      </Anchor>
      <Group gap="md" wrap="nowrap" data-testid="session-area">
        {user && <LocationSwitcher />}
        {user && (
          <UnstyledButton component={Link} to={paths.checkout} aria-label={`Basket, ${cartCount} items`}>
            <Indicator
              label={cartCount}
              size={18}
              disabled={cartCount <= 0}
              color="orange"
              data-testid="cart-count"
            >
              <IconShoppingCart size={26} />
            </Indicator>
          </UnstyledButton>
        )}
        {user ? (
          <>
            <Anchor component={Link} to={paths.account} fw={600} data-testid="user-name">
              {user.userName}
            </Anchor>
            <Anchor component={Link} to={paths.contact} visibleFrom="sm">
              Help
            </Anchor>
            <Anchor href={paths.logout}>Logout</Anchor>
          </>
        ) : (
          <Anchor component={Link} to={paths.login}>
            Login
          </Anchor>
        )}
      </Group>
    </Group>
  );
}

function LocationSwitcher() {
  const dispatch = useAppDispatch();
  const { location, locations } = useAppSelector((s) => s.session);
  // A single location is only information: phones keep the header's room for the basket and the user.
  if (locations.length < 2)
    return location ? (
      <Badge variant="light" visibleFrom="sm">
        {location.locationName}
      </Badge>
    ) : null;
  return (
    <Select
      aria-label="Current location"
      size="xs"
      w={200}
      allowDeselect={false}
      value={location ? String(location.locationId) : null}
      data={locations.map((l) => ({ value: String(l.locationId), label: l.locationName }))}
      onChange={(value) => value && dispatch(switchLocation(Number(value)))}
    />
  );
}

function NavBar() {
  const { user, location, supportEmail } = useAppSelector((s) => s.session);
  const { pathname } = useLocation();
  if (!user) return null;
  // Mantine resolves a function `style` with its theme, so NavLink's isActive never reached it:
  // the current section is worked out here (its sub-pages included, e.g. /orders/12).
  const isCurrent = (to: string) => matchPath({ path: to, end: to === paths.home }, pathname) !== null;
  const links = [
    { to: paths.home, label: 'Home' },
    { to: paths.orders, label: 'Orders' },
    { to: paths.quotes, label: 'Quotes' },
    ...((location?.locationSupplierId ?? 0) > 0 ? [{ to: paths.supplier, label: 'Supplier' }] : []),
    ...((location?.locationInstaller ?? 0) > 0 ? [{ to: paths.installer, label: 'Installer' }] : []),
    ...(isStaff(user.role) ? [{ to: paths.admin, label: 'Back office' }] : []),
  ];
  return (
    <Box
      component="nav"
      aria-label="Main"
      bg="dark.7"
      px="md"
      py={8}
      mx="calc(var(--mantine-spacing-md) * -1)"
      mt="calc(var(--mantine-spacing-md) * -1)"
    >
      <Group gap="lg">
        {links.map((l) => (
          <Anchor
            key={l.to}
            component={Link}
            to={l.to}
            c={isCurrent(l.to) ? 'orange.4' : 'gray.2'}
            aria-current={isCurrent(l.to) ? 'page' : undefined}
            fw={500}
          >
            {l.label}
          </Anchor>
        ))}
        <Anchor href={`mailto:${supportEmail}`} c="gray.2" fw={500}>
          Contact Us
        </Anchor>
      </Group>
    </Box>
  );
}
