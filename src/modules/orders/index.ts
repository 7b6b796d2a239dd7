// The orders module's public surface: what other modules and the app may use. Everything else is internal.
export { materialOrders } from './material-orders.js';
export { registerOrderRoutes } from './orders-routes.js';
