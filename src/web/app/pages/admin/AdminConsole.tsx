import '@mantine/dates/styles.css';
import { Alert, Anchor, Grid, NavLink as MantineNavLink, Paper, Stack, Text } from '@mantine/core';
import { NavLink, Route, Routes } from 'react-router';
import { can, isStaff, type Permission } from '../../../../domain/roles';
import { useAppSelector } from '../../store';
import { CompaniesPage, GroupsPage, LocationsPage, UsersPage } from './AccountsAreas';
import { AuditLogPage, CompPlansPage, CompRecordsPage, OutboxPage, WholesalePage } from './BusinessAreas';
import { CategoriesPage, MakesPage, ModelsPage, ProductsPage } from './CatalogueAreas';
import { CataloguePage } from './CataloguePage';
import { DiscountsPage, MarkupsPage, PriceGroupsPage, PricesPage } from './PricingAreas';
import { VehicleImportPage } from './VehicleImportPage';
import { FailedFeedRowsPage, InventoryPage, SuppliersPage, WarehousesPage } from './SupplyAreas';

interface Area {
  path: string;
  label: string;
  /** The permission that reads the area (writes may need more; the server decides). */
  permission: Permission;
  element?: React.ReactNode;
  /** Pages built elsewhere (the orders branch's /admin/orders). */
  href?: string;
}

const sections: { title: string; areas: Area[] }[] = [
  {
    title: 'Customers',
    areas: [
      { path: 'companies', label: 'Companies', permission: 'staff', element: <CompaniesPage /> },
      { path: 'locations', label: 'Locations', permission: 'staff', element: <LocationsPage /> },
      { path: 'users', label: 'Users & roles', permission: 'admin', element: <UsersPage /> },
      { path: 'groups', label: 'Customer groups', permission: 'staff', element: <GroupsPage /> },
      { path: 'wholesale', label: 'Wholesale applications', permission: 'sales', element: <WholesalePage /> },
      { path: 'orders', label: 'Orders', permission: 'staff', href: '/admin/orders' },
    ],
  },
  {
    title: 'Pricing',
    areas: [
      { path: 'markups', label: 'Pricing & markups', permission: 'staff', element: <MarkupsPage /> },
      { path: 'price-groups', label: 'Price groups', permission: 'staff', element: <PriceGroupsPage /> },
      { path: 'prices', label: 'Sell prices', permission: 'staff', element: <PricesPage /> },
      { path: 'discounts', label: 'Discounts', permission: 'staff', element: <DiscountsPage /> },
    ],
  },
  {
    title: 'Money',
    areas: [
      { path: 'comp', label: 'Compensation plans', permission: 'finance', element: <CompPlansPage /> },
      {
        path: 'comp-records',
        label: 'Compensation records',
        permission: 'finance',
        element: <CompRecordsPage />,
      },
    ],
  },
  {
    title: 'Supply',
    areas: [
      { path: 'suppliers', label: 'Suppliers', permission: 'admin', element: <SuppliersPage /> },
      { path: 'warehouses', label: 'Warehouses & feeds', permission: 'admin', element: <WarehousesPage /> },
      { path: 'inventory', label: 'Inventory', permission: 'admin', element: <InventoryPage /> },
      {
        path: 'failed-rows',
        label: 'Failed feed rows',
        permission: 'admin',
        element: <FailedFeedRowsPage />,
      },
    ],
  },
  {
    title: 'Catalogue',
    areas: [
      { path: 'makes', label: 'Makes', permission: 'admin', element: <MakesPage /> },
      { path: 'tire-lines', label: 'Tire lines', permission: 'admin', element: <ModelsPage /> },
      { path: 'skus', label: 'SKUs', permission: 'admin', element: <ProductsPage /> },
      { path: 'categories', label: 'Categories', permission: 'admin', element: <CategoriesPage /> },
      { path: 'catalogue', label: 'Tire line images', permission: 'admin', element: <CataloguePage /> },
      {
        path: 'vehicle-import',
        label: 'Vehicle fitments',
        permission: 'admin',
        element: <VehicleImportPage />,
      },
    ],
  },
  {
    title: 'System',
    areas: [
      { path: 'audit', label: 'Audit log', permission: 'staff', element: <AuditLogPage /> },
      { path: 'outbox', label: 'E-mail outbox', permission: 'admin', element: <OutboxPage /> },
    ],
  },
];

/** /admin: the staff console, loaded on demand so that the storefront bundle stays light. */
export function AdminConsole() {
  const user = useAppSelector((s) => s.session.user);
  if (!user || !isStaff(user.role))
    return <Alert color="red">The back office is for Tread staff only.</Alert>;
  const mine = sections
    .map((s) => ({ ...s, areas: s.areas.filter((a) => can(user.role, a.permission)) }))
    .filter((s) => s.areas.length);
  const first = mine[0]?.areas.find((a) => a.element);
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 2.5 }}>
        <Paper withBorder p="xs" component="nav" aria-label="Back office">
          {mine.map((s) => (
            <Stack key={s.title} gap={0} mb="sm">
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
                {s.title}
              </Text>
              {s.areas.map((a) =>
                a.href ? (
                  <MantineNavLink key={a.path} label={a.label} component="a" href={a.href} />
                ) : (
                  <MantineNavLink key={a.path} label={a.label} component={NavLink} to={`/admin/${a.path}`} />
                ),
              )}
            </Stack>
          ))}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9.5 }}>
        <Routes>
          {mine.flatMap((s) =>
            s.areas
              .filter((a) => a.element)
              .map((a) => <Route key={a.path} path={a.path} element={a.element} />),
          )}
          <Route index element={first?.element ?? <Text>Nothing to show for your role.</Text>} />
          <Route
            path="*"
            element={
              <Text>
                No such area. <Anchor href="/admin">Back to the console</Anchor>
              </Text>
            }
          />
        </Routes>
      </Grid.Col>
    </Grid>
  );
}
