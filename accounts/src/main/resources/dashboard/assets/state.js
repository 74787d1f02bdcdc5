// What the dashboard's modules share: the signed-in merchant (GET /api/v1/dashboard/me, with the
// CSRF token; null until read and after sign-out), the number of the page being drawn (a read
// answered for an older one is dropped) and what to stop when the page changes.

export const state = { me: null, cleanup: [], page: 0 };
