/** The words of a member's profile page: its header, About card, posts and the edit dialogs. */
import { localizedTexts, template } from '../i18n/localized-texts.js';

export const profileScreenTexts = localizedTexts('profileScreen', {
  profile: 'Profile',
  loadFailed: 'Unable to load profile',
  imageTooLarge: 'The image must be at most 20 MB',
  updateFailed: 'Failed to update profile',
  uploadFailed: 'Upload failed',
  unknownAction: 'Unknown action',
  profileUpdated: 'Profile updated',
  // Header
  profilePicture: template("{{name}}'s profile picture", (name: string) => ({ name })),
  coverPhoto: 'Cover photo',
  changeCover: 'Change cover',
  changePicture: 'Change picture',
  editProfile: 'Edit Profile',
  // About
  about: 'About',
  noBio: 'No bio yet',
  details: 'Details',
  livesIn: 'Lives in',
  worksAt: 'Works at',
  studiedAt: 'Studied at',
  // Posts
  posts: 'Posts',
  postsBy: template('Posts by {{name}}', (name: string) => ({ name })),
  // Edit dialogs
  firstName: 'First Name',
  lastName: 'Last Name',
  bio: 'Bio',
  bioPlaceholder: 'Tell people a little about yourself',
  changeProfilePicture: 'Change profile picture',
  changeCoverPhoto: 'Change cover photo',
  chooseImage: 'Choose an image from your device.',
  imagePreview: 'Preview of the chosen image',
  imageFile: 'Image file',
});
