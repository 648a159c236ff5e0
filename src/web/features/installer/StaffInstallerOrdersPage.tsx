import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import { Alert, Grid, Loader, Select, Text } from '@mantine/core';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { can } from '../../../domain/roles';
import type { ApiFailure } from '../../api/api';
import { useAppSelector } from '../../lib/store-hooks';
import { PageTitle } from '../../components/PageTitle';
import {
  useCorrectInstallerOrderMutation,
  useInstallerBaysQuery,
  useStaffInstallerOrdersQuery,
} from './installer.api';
import { InstallerOrderDetail } from './InstallerOrderDetail';
import { InstallerOrderList, type ListState, INSTALLER_PAGE_SIZE } from './InstallerOrderList';
import { StaffInstallerCorrections } from './StaffInstallerCorrections';

/**
 * /admin/installer-orders: the orders delivered to every installer bay, filtered by bay, status
 * and search, the open one (`?order=`) with the facts the installer sees. Support and admin
 * correct it (the corrections table); other staff read it.
 */
export function StaffInstallerOrdersPage() {
  const role = useAppSelector((s) => s.session.user?.role);
  const canCorrect = !!role && can(role, 'support');
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('order')) || null;
  const [state, setState] = useState<ListState>({ status: null, q: '', page: 0 });
  const [bay, setBay] = useState<string | null>(null);
  const q = useDeferredValue(state.q.trim());
  const bays = useInstallerBaysQuery({ pageSize: 100 });
  const list = useStaffInstallerOrdersQuery({
    page: state.page,
    pageSize: INSTALLER_PAGE_SIZE,
    ...(bay && { installerLocationId: Number(bay) }),
    ...(state.status && { status: state.status as never }),
    ...(q && { q }),
  });
  const one = useStaffInstallerOrdersQuery({ orderId: openId ?? 0 }, { skip: !openId });
  const open = one.data?.data.list[0];
  const [correct, { isLoading: saving }] = useCorrectInstallerOrderMutation();
  const bayFilter = (
    <Select
      label="Installer bay"
      w={220}
      clearable
      searchable
      placeholder="All bays"
      data={(bays.data?.data.list ?? []).map((l) => ({
        value: String(l.locationId),
        label: `${l.locationName} (${l.locationCity}, ${l.locationState})`,
      }))}
      value={bay}
      onChange={(v) => {
        setBay(v);
        setState({ ...state, page: 0 });
      }}
    />
  );
  return (
    <>
      <PageTitle title="Installer orders" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <InstallerOrderList
            staff
            filters={bayFilter}
            narrowed={!!bay}
            state={state}
            onState={setState}
            orders={list.data?.data.list}
            count={list.data?.data.count ?? 0}
            loading={list.isLoading}
            error={list.error as ApiFailure | undefined}
            openId={openId}
            onOpen={(orderId) => setParams({ order: String(orderId) })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          {openId && one.isLoading && <Loader size="sm" aria-label="Loading the order" />}
          {openId && one.isError && <Alert color="red">This installer order cannot be shown.</Alert>}
          {open && (
            <>
              {!canCorrect && (
                <Text size="sm" c="dimmed" mb="xs">
                  Read only: support and admin correct installer orders.
                </Text>
              )}
              <InstallerOrderDetail
                order={open}
                update={canCorrect ? correct : undefined}
                busy={saving}
                extra={(send, fieldError) => (
                  <StaffInstallerCorrections order={open} send={send} fieldError={fieldError} />
                )}
              />
            </>
          )}
          {!openId && list.data && list.data.data.count > 0 && (
            <Text c="dimmed">Choose an order to see its tires, shipment and history, and to correct it.</Text>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}
