/**
 * The perks' labels on post cards, comments and friend lists (decision 023). A module of their own,
 * apart from walletTexts: bundlers place a module's values in one chunk, and the home feed's first
 * load must not carry every wallet text (the web's 150 KB budget).
 */
import { localizedTexts } from '../i18n/localized-texts.js';
export const perkTexts = localizedTexts('perk', { verified: 'Verified', sponsored: 'Sponsored' });
