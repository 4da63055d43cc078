/** A customer's payment requests, newest first (SPEC §7 `GET /api/customers/{id}/payments`). */
export { requestsOfCustomer as customerPaymentPage } from './records.js';
