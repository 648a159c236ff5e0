/** Status words as people read them ("not_shipped" → "not shipped"). */
export const words = (s: string) => s.replaceAll('_', ' ');

export const statusColor = (s: string) =>
  s === 'mounted'
    ? 'green'
    : s === 'cancelled'
      ? 'gray'
      : s === 'received'
        ? 'teal'
        : s === 'scheduled'
          ? 'blue'
          : 'yellow';
