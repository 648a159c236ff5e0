import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import { Grid, Tabs, Text } from '@mantine/core';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ApiFailure } from '../../api/api';
import { PageTitle } from '../../components/PageTitle';
import { useInstallerOrdersQuery, useUpdateInstallerOrderMutation } from './installer.api';
import { InstallerOrderDetail } from './InstallerOrderDetail';
import { InstallerOrderList, type ListState, INSTALLER_PAGE_SIZE } from './InstallerOrderList';
import { InstallerServicesPanel } from './InstallerServicesEditor';

/**
 * /installer: the orders coming to the current installer location, and (`?tab=services`) the
 * bay's service price list. The list and the open order sit side by side on a desktop and stack
 * on a phone; `?order=` keeps the open one in the URL.
 */
export function InstallerOrdersPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'services' ? 'services' : 'orders';
  return (
    <>
      <PageTitle title="Installer" />
      <Tabs value={tab} onChange={(v) => setParams(v === 'services' ? { tab: v } : {})} mb="md">
        <Tabs.List aria-label="Installer area">
          <Tabs.Tab value="orders">Orders</Tabs.Tab>
          <Tabs.Tab value="services">Service prices</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'services' ? <InstallerServicesPanel /> : <BayOrders />}
    </>
  );
}

/** The bay's orders and the open one. */
function BayOrders() {
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('order')) || null;
  const [state, setState] = useState<ListState>({ status: null, q: '', page: 0 });
  const q = useDeferredValue(state.q.trim());
  const list = useInstallerOrdersQuery({
    page: state.page,
    pageSize: INSTALLER_PAGE_SIZE,
    ...(state.status && { status: state.status as never }),
    ...(q && { q }),
  });
  // The open order comes from its own request, so it stays open when the filter hides it.
  const one = useInstallerOrdersQuery({ orderId: openId ?? 0 }, { skip: !openId });
  const open = one.data?.data.list[0];
  const [update, { isLoading: saving }] = useUpdateInstallerOrderMutation();
  // The opened order's heading takes the focus (InstallerOrderDetail), which brings it into view on a phone.
  const onOpen = (orderId: number) => setParams({ order: String(orderId) });
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <InstallerOrderList
          state={state}
          onState={setState}
          orders={list.data?.data.list}
          count={list.data?.data.count ?? 0}
          loading={list.isLoading}
          error={list.error as ApiFailure | undefined}
          openId={openId}
          onOpen={onOpen}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        {open ? (
          <InstallerOrderDetail order={open} update={update} busy={saving} />
        ) : (
          openId &&
          !one.isLoading && <Text c="dimmed">{one.isError ? 'This order is not one of this bay.' : ''}</Text>
        )}
        {!openId && list.data && list.data.data.count > 0 && (
          <Text c="dimmed">Choose an order to see its tires, set the appointment and mark it mounted.</Text>
        )}
      </Grid.Col>
    </Grid>
  );
}
