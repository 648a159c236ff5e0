import '@mantine/core/styles/Badge.layer.css';
import { Badge, type BadgeProps } from '@mantine/core';
import type { FulfillmentStatus, ShipmentStatus } from '../../../domain/shipping-status';

/** A status or service as people read it: "in_transit" → "in transit". */
export const words = (s: string) => s.replaceAll('_', ' ');

// The colour of each status, written out per status so that a new one must be given one; a
// status the contract types as a plain string is drawn blue.
const fulfillmentColor: Record<FulfillmentStatus, string> = {
  new: 'blue',
  rated: 'blue',
  labeled: 'blue',
  picked_up: 'blue',
  in_transit: 'blue',
  delivered: 'green',
  exception: 'red',
  cancelled: 'gray',
};

/** The colour of a shipment's status: delivered green, a problem red, a voided label gray. */
const shipmentColor: Record<ShipmentStatus, string> = {
  label_created: 'blue',
  picked_up: 'blue',
  in_transit: 'blue',
  out_for_delivery: 'blue',
  delivered: 'green',
  exception: 'red',
  returned_to_sender: 'red',
  voided: 'gray',
};

export const FulfillmentBadge = ({ status }: { status: FulfillmentStatus }) => (
  <Badge variant="light" color={fulfillmentColor[status]}>
    {words(status)}
  </Badge>
);

export const ShipmentStatusBadge = ({
  status,
  variant = 'light',
}: {
  status: string;
  variant?: BadgeProps['variant'];
}) => (
  <Badge variant={variant} color={shipmentColor[status as ShipmentStatus] ?? 'blue'}>
    {words(status)}
  </Badge>
);
