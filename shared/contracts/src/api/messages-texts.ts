/**
 * The messages API's texts and limits: plain values, no schema library, so the browser can import
 * them without carrying zod (messages.ts re-exports everything here). Decision 039.
 */
import { localizedLabels } from '../i18n/localized-labels.js';
import { localizedTexts, template } from '../i18n/localized-texts.js';
export const messageLimits = {
  /** Characters of a message's text, after trimming. */
  maxBody: 4000,
  /** Photos per message (or one video). */
  maxPhotos: 4,
  /** Members of a group conversation, its creator included. */
  maxMembers: 32,
  maxTitle: 80,
  /** Messages per page of history, and the most one request may ask for. */
  pageSize: 50,
  maxPageSize: 100,
  /** Conversations per page of the list. */
  listPageSize: 30,
  /** Unread messages are counted up to this many per conversation (the badge shows "99+" beyond 99). */
  unreadCountCap: 100,
  /** Seconds between two typing signals of one member in one conversation that are passed on. */
  typingIntervalSeconds: 3,
} as const;

export const MESSAGE_POLICIES = ['everyone', 'friends', 'nobody'] as const;
export type MessagePolicy = (typeof MESSAGE_POLICIES)[number];

export const CONVERSATION_KINDS = ['direct', 'group'] as const;
/** The caller's place in a conversation: in their inbox, or waiting in their Requests tab. */
export const CONVERSATION_FOLDERS = ['inbox', 'requests'] as const;
export type ConversationFolder = (typeof CONVERSATION_FOLDERS)[number];

export const messageTexts = localizedTexts('message', {
  title: 'Messages',
  newMessage: 'New message',
  inbox: 'Inbox',
  requests: 'Requests',
  searchPlaceholder: 'Search messages',
  noConversations: 'No conversations yet.',
  noRequests: 'No message requests.',
  noMatches: 'No conversations match your search.',
  pickConversation: 'Select a conversation or start a new one.',
  composerPlaceholder: 'Write a message…',
  send: 'Send',
  reply: 'Reply',
  replyingTo: template('Replying to {{name}}', (name: string) => ({ name })),
  deleteForEveryone: 'Delete for everyone',
  messageDeleted: 'Message deleted',
  messageHidden: 'Message hidden',
  typing: template('{{name}} is typing…', (name: string) => ({ name })),
  someoneTyping: 'typing…',
  delivered: 'Delivered',
  seen: 'Seen',
  seenBy: template('Seen by {{names}}', (names: string) => ({ names })),
  today: 'Today',
  yesterday: 'Yesterday',
  loadOlder: 'Load older messages',
  beginning: 'This is the beginning of the conversation.',
  requestNotice: template("{{name}} wants to send you a message. They won't know you've seen it until you accept.", (name: string) => ({
    name,
  })),
  accept: 'Accept',
  decline: 'Decline',
  requestAccepted: 'Request accepted',
  requestDeclined: 'Request declined',
  leave: 'Leave conversation',
  left: 'You left the conversation',
  addMembers: 'Add members',
  removeMember: 'Remove',
  removeNamed: template('Remove {{name}}', (name: string) => ({ name })),
  rename: 'Rename',
  conversationTitle: 'Conversation name',
  groupTitleRequired: 'Give the group conversation a name',
  start: 'Start conversation',
  messageButton: 'Message',
  unreadBadge: (count: number) => (count > 99 ? '99+' : String(count)),
  // The web app's own labels (screens of decision 039).
  backToList: 'Back to messages',
  conversationDetails: 'Conversation details',
  members: 'Members',
  you: 'You',
  attach: 'Add photos or a video',
  removeAttachment: 'Remove attachment',
  cancelReply: 'Cancel reply',
  messageActions: 'Message actions',
  retry: 'Retry',
  sending: 'Sending…',
  uploading: 'Uploading…',
  searchMembers: 'Search members',
  noMembersFound: 'No members found.',
  chooseMember: template('Choose {{name}}', (name: string) => ({ name })),
  unchooseMember: template('Remove {{name}}', (name: string) => ({ name })),
  unreadInConversation: template('{{count}} unread', (count: number) => ({ count })),
  photo: 'Photo',
  video: 'Video',
  save: 'Save',
  renamed: 'Conversation renamed',
  membersAdded: 'Members added',
  memberRemoved: 'Member removed',
  requestFailed: 'Request failed',
  loadOlderFailed: 'Could not load older messages',
  messagePolicyLabel: 'Who can message me',
  policyEveryone: 'Everyone',
  policyFriends: 'Friends',
  policyNobody: 'Nobody',
  deleteForEveryoneHint: 'Everyone in the conversation will see "Message deleted" instead.',
  deleting: 'Deleting…',
  // Refusals (the server's messages).
  bodyEmpty: "Message can't be empty",
  bodyTooLong: 'Message is too long (4,000 characters at most)',
  bodyInvalid: 'Message text must be text',
  clientIdInvalid: 'clientId must be a UUID',
  conversationNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  cantMessage: "You can't message this member",
  notSender: 'Only the sender can delete this message',
  notCreator: 'Only the creator of the conversation can do this',
  notGroup: 'Only a group conversation can do this',
  membersRequired: 'Choose at least one member',
  membersInvalid: 'Members must be a list of member ids',
  tooManyMembers: 'A group conversation has 32 members at most',
  memberNotFound: 'Member not found',
  notYourself: "You can't message yourself",
  titleTooLong: 'The name is too long (80 characters at most)',
  titleInvalid: 'The name must be text',
  tooManyPhotos: 'A message has 4 photos at most',
  photosOrVideo: 'A message has photos or one video, not both',
  mediaInvalid: 'Invalid media URL',
  videoNotYours: 'Attach only videos you uploaded',
  /** A failed video's words when media gave none; a send of it is refused with them (and media's reason). */
  videoFailed: "This video couldn't be processed",
  videoProcessing: 'Processing video…',
  replyNotFound: 'The message you reply to is not in this conversation',
  notRequest: 'This conversation is not a message request',
  cursorInvalid: 'Invalid cursor',
  readInvalid: 'messageId must be a message id',
  folderInvalid: "The folder must be 'inbox' or 'requests'",
  reportReasonInvalid: 'Choose a reason',
  reportNoteTooLong: 'A note must be at most 500 characters',
  cannotReportOwn: 'You cannot report your own message.',
  reportNotFound: 'Report not found',
  reportClosed: 'This report is already closed',
  reportStatusInvalid: "The status must be 'resolved' or 'dismissed'",
  sendFailed: 'Message not sent. Tap to retry.',
  loadFailed: 'Failed to load messages',
});

/** Choices' labels, read where shown (getters), in the page's language. */
export const messagePolicyLabels = localizedLabels<typeof messageTexts, MessagePolicy>(messageTexts, {
  everyone: 'policyEveryone',
  friends: 'policyFriends',
  nobody: 'policyNobody',
});
