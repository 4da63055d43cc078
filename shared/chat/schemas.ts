/** Request bodies of the internal chat (SPEC §7 chatrooms), checked on both sides. */
import * as z from 'zod/mini';
import { GROUP_DESCRIPTION_MAX, GROUP_DESCRIPTION_REQUIRED, GROUP_NAME_MAX, GROUP_NAME_REQUIRED, MAX_GROUP_MEMBERS, NO_GROUP_USERS } from './chatrooms.js';

const agentId = z.string().check(z.minLength(1), z.maxLength(128));
const filled = (message: string, max: number) => z.string().check(z.refine((s) => s.trim().length > 0, { message }), z.maxLength(max));
const members = z.array(agentId).check(z.minLength(1, { message: NO_GROUP_USERS }), z.maxLength(MAX_GROUP_MEMBERS - 1, { message: `A group has at most ${MAX_GROUP_MEMBERS} members` }));

/** `POST /api/chatrooms`: a direct chat with a colleague, or a group. */
export const newChatroomBody = z.object({
  chatroom: z.union([
    z.object({ agent_id: agentId }),
    z.object({
      name: filled(GROUP_NAME_REQUIRED, GROUP_NAME_MAX),
      description: filled(GROUP_DESCRIPTION_REQUIRED, GROUP_DESCRIPTION_MAX),
      agent_ids: z._default(members, []),
    }),
  ]),
});
export type NewChatroom = z.output<typeof newChatroomBody>['chatroom'];

/** `PUT /api/chatrooms/{id}`: a group's new name or description. */
export const renameChatroomBody = z.object({
  chatroom: z
    .object({ name: z.optional(filled(GROUP_NAME_REQUIRED, GROUP_NAME_MAX)), description: z.optional(filled(GROUP_DESCRIPTION_REQUIRED, GROUP_DESCRIPTION_MAX)) })
    .check(z.refine((c) => c.name !== undefined || c.description !== undefined, { message: 'Nothing to change' })),
});

/** `POST /api/chatrooms/{id}/members` and `PUT /api/chatrooms/{id}/members/remove`. */
export const membersBody = z.object({ agent_ids: members });

/** `PUT /api/chatrooms/{id}/archive` and `/unarchive`: for everyone (the group's owner) or for oneself. */
export const archiveBody = z.object({ everyone: z._default(z.boolean(), false) });

/** `PUT /api/message_threads/{id}/read`: read through this message (the newest the reader has seen), else through the newest. */
export const chatReadBody = z.object({ message_id: z.optional(z.string().check(z.regex(/^msg_[0-9a-z]{10,40}$/, { message: 'Unknown message' }))) });
