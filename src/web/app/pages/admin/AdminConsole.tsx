import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import {
  Alert,
  Anchor,
  Button,
  Collapse,
  Grid,
  Loader,
  NavLink as MantineNavLink,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { Link, matchPath, Navigate, Route, Routes, useLocation } from 'react-router';
import { can, isStaff } from '../../../../domain/roles';
import { RecordHistory } from '../../../components/CrudPage';
import { AuditTrail } from '../../../features/audit/AuditTrail';
import { useAppSelector } from '../../../lib/store-hooks';
import { type Area, sections } from './console-areas';

/** Under each record of the console: its changes from the audit log. */
const auditTrail = (entity: string, id: string | number) => <AuditTrail entity={entity} entityId={id} />;

const hrefOf = (area: Area) => `/admin/${area.path}`;
/** An area stays highlighted on its sub-pages (an order under Orders). */
const isCurrent = (area: Area, pathname: string) =>
  matchPath({ path: hrefOf(area), end: false }, pathname) !== null;

function ConsoleNav({ groups, pathname }: { groups: typeof sections; pathname: string }) {
  return (
    <Paper withBorder p="xs" component="nav" aria-label="Back office">
      {groups.map((s) => (
        <Stack key={s.title} gap={0} mb="sm">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
            {s.title}
          </Text>
          {s.areas.map((a) => {
            const current = isCurrent(a, pathname);
            return (
              <MantineNavLink
                key={a.path}
                label={a.label}
                component={Link}
                to={hrefOf(a)}
                active={current}
                aria-current={current ? 'page' : undefined}
              />
            );
          })}
        </Stack>
      ))}
    </Paper>
  );
}

/**
 * /admin: the staff console frame (navigation by area, the area's page beside it), loaded on
 * demand so that the storefront bundle stays light. On narrow screens the navigation folds
 * behind a button naming the current area.
 */
export function AdminConsole() {
  const user = useAppSelector((s) => s.session.user);
  const { pathname } = useLocation();
  const wide = useMediaQuery('(min-width: 62em)');
  const [navOpen, nav] = useDisclosure(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fold the menu whenever the page changes.
  useEffect(() => nav.close(), [pathname]);
  if (!user || !isStaff(user.role))
    return <Alert color="red">The back office is for Tread staff only.</Alert>;
  const mine = sections
    .map((s) => ({ ...s, areas: s.areas.filter((a) => can(user.role, a.permission)) }))
    .filter((s) => s.areas.length);
  const areas = mine.flatMap((s) => s.areas);
  const current = areas.find((a) => isCurrent(a, pathname));
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 2.5 }}>
        {!wide && (
          <Button
            variant="default"
            fullWidth
            justify="space-between"
            rightSection={navOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
            onClick={nav.toggle}
            aria-expanded={navOpen}
            mb={navOpen ? 'xs' : 0}
          >
            Back office{current ? `: ${current.label}` : ''}
          </Button>
        )}
        <Collapse expanded={wide || navOpen} transitionDuration={wide ? 0 : 150}>
          <ConsoleNav groups={mine} pathname={pathname} />
        </Collapse>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9.5 }}>
        <Suspense fallback={<Loader aria-label="Loading page" />}>
          <RecordHistory value={auditTrail}>
            <Routes>
              {areas.map((a) => (
                <Route key={a.path} path={a.path}>
                  <Route index element={a.element} />
                  {a.children?.map((c) => (
                    <Route key={c.path} path={c.path} element={c.element} />
                  ))}
                </Route>
              ))}
              <Route
                index
                element={
                  areas[0] ? (
                    <Navigate to={areas[0].path} replace />
                  ) : (
                    <Text>Nothing to show for your role.</Text>
                  )
                }
              />
              <Route
                path="*"
                element={
                  <Text>
                    No such area.{' '}
                    <Anchor component={Link} to="/admin">
                      Back to the console
                    </Anchor>
                  </Text>
                }
              />
            </Routes>
          </RecordHistory>
        </Suspense>
      </Grid.Col>
    </Grid>
  );
}
