import {
  Anchor,
  AppShell,
  Box,
  Center,
  Container,
  Group,
  Indicator,
  Loader,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, matchPath, Outlet, useLocation } from 'react-router';
import { isStaff } from '../../domain/roles';
import { Logo } from '../components/Logo';
import { afterOpeningPage } from './lazy-pages';
import { paths } from './paths';
import { useAppSelector } from './store';

// After the opening page's chunks (lazy-pages.tsx).
const LocationSwitcher = lazy(
  afterOpeningPage(async () => ({ default: (await import('./LocationSwitcher')).LocationSwitcher })),
);

/** Pages shown without a user: while the session loads they get no nav strip (others keep its room). */
const publicPaths: string[] = [paths.login, paths.reset, paths.wholesale];

/** The frame of every page: header with logo and session area, nav bar, footer. */
export function Layout() {
  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header>
        <Header />
      </AppShell.Header>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <NavBar />
        {/* At least a screen tall: the footer starts below the fold and never jumps down when a
            page's content arrives (layout shift). */}
        <Container size="xl" py="md" w="100%" mih="calc(100dvh - 64px)" style={{ flex: 1 }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
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

/** While a page's chunk arrives (lazy-pages.tsx). */
function PageLoading() {
  return (
    <Center mih="50vh">
      <Loader aria-label="Loading the page" />
    </Center>
  );
}

/**
 * Logo, then the session area: location, basket, user name (the way to /account) and Logout.
 * On a phone the word "Tread" and the location's name give way (the switcher becomes a pin
 * button with a menu), so that the user name and Logout stay on screen at 360 px.
 */
function Header() {
  const { user, status } = useAppSelector((s) => s.session);
  const cartCount = useAppSelector((s) => s.cart.cartCount);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Anchor component={Link} to={paths.home} underline="never" c="inherit" aria-label="Tread home">
        <Group gap="xs" wrap="nowrap">
          <Logo />
          <Text fw={800} size="xl" visibleFrom="sm">
            Tread
          </Text>
        </Group>
      </Anchor>
      <Group gap="md" wrap="nowrap" data-testid="session-area" miw={0}>
        {user && (
          // The switcher's own size while its chunk arrives: nothing in the header moves.
          <Suspense fallback={<Box w={{ base: 34, sm: 200 }} h={34} />}>
            <LocationSwitcher />
          </Suspense>
        )}
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
            <Anchor
              component={Link}
              to={paths.account}
              fw={600}
              data-testid="user-name"
              maw={{ base: 110, sm: 220 }}
              truncate="end"
              title={user.userName}
            >
              {user.userName}
            </Anchor>
            <Anchor component={Link} to={paths.contact} visibleFrom="sm">
              Help
            </Anchor>
            <Anchor href={paths.logout} style={{ whiteSpace: 'nowrap' }}>
              Logout
            </Anchor>
          </>
        ) : (
          // Nothing until the session is known: "Login" would flash for a signed-in user.
          status === 'ready' && (
            <Anchor component={Link} to={paths.login}>
              Login
            </Anchor>
          )
        )}
      </Group>
    </Group>
  );
}

function NavBar() {
  const { user, location, supportEmail, status } = useAppSelector((s) => s.session);
  const { pathname } = useLocation();
  // While the session loads, a signed-in page keeps the strip's room (empty) so that the page
  // does not move down when the links arrive (Lighthouse measured a layout shift of 0.23).
  const loading = status !== 'ready' && !publicPaths.includes(pathname);
  if (!user && !loading) return null;
  // Mantine resolves a function `style` with its theme, so NavLink's isActive never reached it:
  // the current section is worked out here (its sub-pages included, e.g. /orders/12).
  const isCurrent = (to: string) => matchPath({ path: to, end: to === paths.home }, pathname) !== null;
  const links = user
    ? [
        { to: paths.home, label: 'Home' },
        { to: paths.orders, label: 'Orders' },
        { to: paths.quotes, label: 'Quotes' },
        ...((location?.locationSupplierId ?? 0) > 0 ? [{ to: paths.supplier, label: 'Supplier' }] : []),
        ...((location?.locationInstaller ?? 0) > 0 ? [{ to: paths.installer, label: 'Installer' }] : []),
        ...(isStaff(user.role) ? [{ to: paths.admin, label: 'Back office' }] : []),
      ]
    : [];
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
      {/* One line of links tall even while empty (the session loading). */}
      <Group gap="lg" mih={25}>
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
        {user && (
          <Anchor href={`mailto:${supportEmail}`} c="gray.2" fw={500}>
            Contact Us
          </Anchor>
        )}
      </Group>
    </Box>
  );
}
