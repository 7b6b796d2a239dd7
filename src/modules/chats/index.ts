// The chats module's public surface: what other modules and the app may use. Everything else is internal.
export { registerChatRoutes } from './chats.js';
