// The calendar day of a moment, as YYYY-MM-DD in UTC: the day tax rates take effect and
// exemption certificates expire on (docs/domain.md, "Landed cost").
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
