// Written by `npm run locales`: one catalog per namespace.
import account from './account.json' with { type: 'json' };
import admin from './admin.json' with { type: 'json' };
import adminScreen from './adminScreen.json' with { type: 'json' };
import apiError from './apiError.json' with { type: 'json' };
import archive from './archive.json' with { type: 'json' };
import archiveMail from './archiveMail.json' with { type: 'json' };
import auth from './auth.json' with { type: 'json' };
import authMail from './authMail.json' with { type: 'json' };
import dates from './dates.json' with { type: 'json' };
import digestMail from './digestMail.json' with { type: 'json' };
import errors from './errors.json' with { type: 'json' };
import friend from './friend.json' with { type: 'json' };
import friendScreen from './friendScreen.json' with { type: 'json' };
import group from './group.json' with { type: 'json' };
import groupScreen from './groupScreen.json' with { type: 'json' };
import leaving from './leaving.json' with { type: 'json' };
import media from './media.json' with { type: 'json' };
import mention from './mention.json' with { type: 'json' };
import message from './message.json' with { type: 'json' };
import messagesLink from './messagesLink.json' with { type: 'json' };
import notification from './notification.json' with { type: 'json' };
import notificationMessage from './notificationMessage.json' with { type: 'json' };
import offline from './offline.json' with { type: 'json' };
import perk from './perk.json' with { type: 'json' };
import post from './post.json' with { type: 'json' };
import postScreen from './postScreen.json' with { type: 'json' };
import privacy from './privacy.json' with { type: 'json' };
import profileScreen from './profileScreen.json' with { type: 'json' };
import push from './push.json' with { type: 'json' };
import reel from './reel.json' with { type: 'json' };
import representative from './representative.json' with { type: 'json' };
import representativeMail from './representativeMail.json' with { type: 'json' };
import representativeScreen from './representativeScreen.json' with { type: 'json' };
import safety from './safety.json' with { type: 'json' };
import search from './search.json' with { type: 'json' };
import searchScreen from './searchScreen.json' with { type: 'json' };
import security from './security.json' with { type: 'json' };
import settings from './settings.json' with { type: 'json' };
import settingsScreen from './settingsScreen.json' with { type: 'json' };
import shell from './shell.json' with { type: 'json' };
import story from './story.json' with { type: 'json' };
import storyScreen from './storyScreen.json' with { type: 'json' };
import twoStep from './twoStep.json' with { type: 'json' };
import ui from './ui.json' with { type: 'json' };
import wallet from './wallet.json' with { type: 'json' };
import walletScreen from './walletScreen.json' with { type: 'json' };

export const catalog: Record<string, Record<string, string>> = {
  account,
  admin,
  adminScreen,
  apiError,
  archive,
  archiveMail,
  auth,
  authMail,
  dates,
  digestMail,
  errors,
  friend,
  friendScreen,
  group,
  groupScreen,
  leaving,
  media,
  mention,
  message,
  messagesLink,
  notification,
  notificationMessage,
  offline,
  perk,
  post,
  postScreen,
  privacy,
  profileScreen,
  push,
  reel,
  representative,
  representativeMail,
  representativeScreen,
  safety,
  search,
  searchScreen,
  security,
  settings,
  settingsScreen,
  shell,
  story,
  storyScreen,
  twoStep,
  ui,
  wallet,
  walletScreen,
};
