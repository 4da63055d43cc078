/**
 * The internal chat (SPEC §2 /internalchat): what it declares to the rest of the system
 * (functions/lib/boardModule.ts), listed in functions/boards.ts.
 */
import { CHAT_EVENTS } from '../../shared/chat/events.js';
import { settingsRouteKeys, type BoardModule } from '../lib/boardModule.js';
import { opensChat } from './access.js';
import './owner.js';
import { roomSearch } from './searchEntries.js';

export const board = {
  name: 'chat',
  opens: opensChat,
  areas: {
    chat: {
      entry: 'functions/chat/handler.ts',
      // Rooms and read marks only: no AWS client beyond DynamoDB (the messages are the core's Lambda's).
      lazyChunks: [],
      routes: [
        'GET /api/chatrooms',
        'GET /api/chatrooms/inbox',
        'GET /api/chatrooms/colleagues',
        'GET /api/chatrooms/{id}',
        'POST /api/chatrooms',
        'PUT /api/chatrooms/{id}',
        'POST /api/chatrooms/{id}/members',
        'PUT /api/chatrooms/{id}/members/remove',
        'PUT /api/chatrooms/{id}/leave',
        'PUT /api/chatrooms/{id}/archive',
        'PUT /api/chatrooms/{id}/unarchive',
        'PUT /api/message_threads/{id}/read',
        'GET /api/chatrooms/locations/{id}/settings',
        'POST /api/chatrooms/locations/{id}/settings',
        ...settingsRouteKeys('chatrooms_settings'),
      ],
    },
  },
  // A room's conversation is among agents: the owner port says `internal`, and no contact card opens.
  conversations: { kind: 'chatroom', path: '/api/chatrooms/{id}', idParam: 'id', contact: 'agent', consoleLink: '/internalchat?room={id}' },
  settings: [{ key: 'chatrooms_settings', readBy: (flags) => flags.chat }],
  // Everything about a room goes to its participants' own channels, which every agent hears already.
  events: CHAT_EVENTS,
  routeParams: [
    { param: 'id', after: /(^|\/)chatrooms\/$/, kind: 'chatroom', tenant: true, sample: { list: '/api/chatrooms?limit=100', field: 'chatrooms' } },
    { param: 'id', after: /(^|\/)message_threads\/$/, kind: 'message_thread', tenant: true },
  ],
  local: { demo: 'functions/chat/demo.ts', bench: 'functions/chat/bench.ts' },
  // Its records' part in the history search (searchEntries.ts).
  searchable: roomSearch,
} as const satisfies BoardModule;
