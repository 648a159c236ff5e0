import { lazy, Suspense } from 'react';
import { Link, matchPath, Outlet, useLocation } from 'react-router';
import { can, isStaff } from '../../domain/roles';
import { Logo } from '../components/Logo';
import { Loader } from '../components/plain/Loader';
import { StrokeIcon } from '../components/plain/StrokeIcon';
import css from './Layout.module.css';
import { LocationSwitcher } from './LocationSwitcher';
import { paths } from './paths';
import { useAppDispatch, useAppSelector } from '../lib/store-hooks';
import { useToastShown } from '../lib/toasts';
import { withMantine } from '../lib/with-mantine';

/** Pages shown without a user: while the session loads they get no nav strip (others keep its room). */
const publicPaths: string[] = [paths.login, paths.reset, paths.wholesale];

/**
 * The frame of every page: header with logo and session area, nav bar, footer. Plain React and
 * CSS (Layout.module.css), no Mantine: /login and / show without it (docs/performance-web.md,
 * "Light shell").
 */
export function Layout() {
  return (
    <>
      <header className={css.header}>
        <Header />
      </header>
      <main className={css.main}>
        <NavBar />
        <div className={css.content}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </div>
        <footer className={css.footer}>© 2024 Tread Tire Supply. All rights reserved.</footer>
      </main>
      <ToastsWhenShown />
    </>
  );
}

const Notifications = lazy(withMantine(() => import('../lib/notifications'), 'Notifications'));

/** The one container of the toasts (toasts.ts), with Mantine, from the first toast on. */
function ToastsWhenShown() {
  if (!useToastShown()) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}

/** While a page's chunk arrives (lazy-pages.tsx), or the session (RequireUser). */
export function PageLoading({ label = 'Loading the page' }: { label?: string }) {
  return (
    <div className={css.loading}>
      <Loader label={label} />
    </div>
  );
}

/**
 * Logo, then the session area: location, basket, user name (the way to /account) and Logout
 * (a button: signing out is a POST, features/sessions/use-sign-out.ts).
 * On a phone the word "Tread" and the location's name give way (the switcher becomes a pin
 * button with a menu), so that the user name and Logout stay on screen at 360 px.
 */
function Header() {
  const { user, status } = useAppSelector((s) => s.session);
  const cartCount = useAppSelector((s) => s.cart.cartCount);
  const dispatch = useAppDispatch();
  // Loaded on the click: the sign-out code stays out of the shell every page downloads (a static
  // import here split the shell's API client into chunks of their own).
  const signOut = () =>
    void import('../features/sessions/use-sign-out').then((sessions) => sessions.signOut(dispatch));
  return (
    <>
      <Link to={paths.home} className={css.brand} aria-label="Tread home">
        <Logo />
        <span className={css.fromSm}>Tread</span>
      </Link>
      <div className={css.session} data-testid="session-area">
        {user && <LocationSwitcher />}
        {user && (
          <Link to={paths.checkout} className={css.cart} aria-label={`Basket, ${cartCount} items`}>
            <CartIcon />
            <span data-testid="cart-count" className={cartCount > 0 ? css.cartCount : undefined}>
              {cartCount > 0 ? cartCount : ''}
            </span>
          </Link>
        )}
        {user ? (
          <>
            <Link
              to={paths.account}
              className={`${css.link} ${css.userName}`}
              data-testid="user-name"
              title={user.userName}
            >
              {user.userName}
            </Link>
            <Link to={paths.contact} className={`${css.link} ${css.fromSm}`}>
              Help
            </Link>
            <button type="button" className={`${css.link} ${css.linkButton}`} onClick={signOut}>
              Logout
            </button>
          </>
        ) : (
          // Nothing until the session is known: "Login" would flash for a signed-in user.
          status === 'ready' && (
            <Link to={paths.login} className={css.link}>
              Login
            </Link>
          )
        )}
      </div>
    </>
  );
}

/**
 * Tabler's shopping-cart icon, as @tabler/icons-react draws it, inline: the package's shared
 * code is chunked with Mantine's, which the frame does not load.
 */
function CartIcon() {
  return (
    <StrokeIcon size={26}>
      <path d="M4 19a2 2 0 1 0 4 0a2 2 0 1 0 -4 0" />
      <path d="M15 19a2 2 0 1 0 4 0a2 2 0 1 0 -4 0" />
      <path d="M17 17h-11v-14h-2" />
      <path d="M6 5l14 1l-1 7h-13" />
    </StrokeIcon>
  );
}

function NavBar() {
  const { user, location, supportEmail, status } = useAppSelector((s) => s.session);
  const { pathname } = useLocation();
  // While the session loads, a signed-in page keeps the strip's room (empty) so that the page
  // does not move down when the links arrive (Lighthouse measured a layout shift of 0.23).
  const loading = status !== 'ready' && !publicPaths.includes(pathname);
  if (!user && !loading) return null;
  // The current section, its sub-pages included (e.g. /orders/12).
  const isCurrent = (to: string) => matchPath({ path: to, end: to === paths.home }, pathname) !== null;
  const links = user
    ? [
        { to: paths.home, label: 'Home' },
        { to: paths.orders, label: 'Orders' },
        { to: paths.quotes, label: 'Quotes' },
        ...(isStaff(user.role) ? [] : [{ to: paths.fleet, label: 'Fleet' }]),
        ...(can(user.role, 'shop') && !['supplier', 'installer'].includes(user.role)
          ? [{ to: paths.approvals, label: 'Approvals' }]
          : []),
        ...((location?.locationSupplierId ?? 0) > 0 ? [{ to: paths.supplier, label: 'Supplier' }] : []),
        ...((location?.locationInstaller ?? 0) > 0 ? [{ to: paths.installer, label: 'Installer' }] : []),
        ...(isStaff(user.role) ? [{ to: paths.admin, label: 'Back office' }] : []),
      ]
    : [];
  return (
    <nav aria-label="Main" className={css.nav}>
      <div className={css.navLinks}>
        {links.map((l) => (
          <Link
            key={l.to}
            to={l.to}
            className={css.navLink}
            aria-current={isCurrent(l.to) ? 'page' : undefined}
          >
            {l.label}
          </Link>
        ))}
        {user && (
          <a href={`mailto:${supportEmail}`} className={css.navLink}>
            Contact Us
          </a>
        )}
      </div>
    </nav>
  );
}
