/**
 * The demo community: believable members of a Nigerian social network, what they post and how they
 * answer each other. Fixed data, so every seeded instance tells the same story.
 */
export interface DemoMember {
  firstname: string;
  lastname: string;
  username: string;
  /** Avatar colours (top, bottom of a gradient). */
  colours: [string, string];
}

export const DEMO_PASSWORD = 'kora-demo-2026';

export const members: DemoMember[] = [
  { firstname: 'Adaeze', lastname: 'Okafor', username: 'adaeze.okafor', colours: ['#0f766e', '#5eead4'] },
  { firstname: 'Tunde', lastname: 'Bakare', username: 'tunde.bakare', colours: ['#1d4ed8', '#93c5fd'] },
  { firstname: 'Ngozi', lastname: 'Eze', username: 'ngozi.eze', colours: ['#be185d', '#f9a8d4'] },
  { firstname: 'Emeka', lastname: 'Nwosu', username: 'emeka.nwosu', colours: ['#b45309', '#fcd34d'] },
  { firstname: 'Funmilayo', lastname: 'Adeyemi', username: 'funmi.adeyemi', colours: ['#7c3aed', '#c4b5fd'] },
  { firstname: 'Ibrahim', lastname: 'Musa', username: 'ibrahim.musa', colours: ['#15803d', '#86efac'] },
  { firstname: 'Chiamaka', lastname: 'Obi', username: 'chiamaka.obi', colours: ['#c2410c', '#fdba74'] },
  { firstname: 'Segun', lastname: 'Afolabi', username: 'segun.afolabi', colours: ['#0e7490', '#67e8f9'] },
  { firstname: 'Zainab', lastname: 'Bello', username: 'zainab.bello', colours: ['#9f1239', '#fda4af'] },
  { firstname: 'Kelechi', lastname: 'Umeh', username: 'kelechi.umeh', colours: ['#4d7c0f', '#bef264'] },
  { firstname: 'Aisha', lastname: 'Lawal', username: 'aisha.lawal', colours: ['#6d28d9', '#ddd6fe'] },
  { firstname: 'Obinna', lastname: 'Chukwu', username: 'obinna.chukwu', colours: ['#334155', '#cbd5e1'] },
];

/** The member whose sign-in details are printed: everyone else is their friend or a suggestion. */
export const DEMO_MEMBER = members[0]!;

/** Friend pairs (indexes into `members`); the rest of the graph makes "People You May Know". */
export const friendships: [number, number][] = [
  [0, 1],
  [0, 2],
  [0, 3],
  [0, 4],
  [0, 5],
  [1, 2],
  [1, 6],
  [2, 7],
  [3, 8],
  [4, 9],
  [5, 10],
  [6, 7],
  [8, 9],
  [10, 11],
  [2, 6],
];

/** Requests still waiting for the demo member's answer, and one the demo member sent. */
export const pendingRequests: [number, number][] = [
  [6, 0],
  [7, 0],
  [0, 11],
];

export interface DemoPost {
  author: number;
  content: string;
  /** Picture colours; each becomes one generated photo. */
  photos?: [string, string][];
}

export const posts: DemoPost[] = [
  { author: 0, content: 'Sunday jollof is ready 🍲 Who is coming over? Bring your own plate, abeg.', photos: [['#f97316', '#fde68a']] },
  {
    author: 1,
    content: 'Third Mainland Bridge at 6am. Lagos traffic has not even woken up yet and I am already tired.',
    photos: [['#0ea5e9', '#e0f2fe']],
  },
  { author: 2, content: 'Finished my first 10k run today! Thank you all for the encouragement 🏃🏾‍♀️' },
  {
    author: 3,
    content: 'New mural going up in Yaba this week. Come and see it before the rain decides otherwise.',
    photos: [
      ['#a855f7', '#fbcfe8'],
      ['#22c55e', '#fef08a'],
    ],
  },
  {
    author: 4,
    content: 'Adire fabric from Abeokuta market. The colours in person are even better.',
    photos: [
      ['#1e3a8a', '#60a5fa'],
      ['#312e81', '#a5b4fc'],
      ['#0f172a', '#38bdf8'],
    ],
  },
  { author: 5, content: 'Kano durbar festival memories. Nothing compares to those horses and colours.' },
  {
    author: 0,
    content: 'Reading list for December: Chimamanda, Achebe, and a new one by a Lagos author I just discovered. Suggestions welcome 📚',
  },
  { author: 6, content: 'Suya night with the team 🔥 Best spot in Abuja, no argument.', photos: [['#991b1b', '#fca5a5']] },
  { author: 7, content: 'Power is back after two days. Grateful for small things 😅' },
  { author: 8, content: 'Sunset at Tarkwa Bay. If you have not been, plan it this weekend.', photos: [['#ea580c', '#fde047']] },
  { author: 1, content: 'Super Eagles match tonight. Who is watching at the viewing centre?' },
  { author: 9, content: 'Launched my small chin-chin business today. Orders open on Kora wallet soon!', photos: [['#ca8a04', '#fef9c3']] },
  { author: 2, content: 'Mama just taught me how to make egusi the proper way. Ten years late, but here we are.' },
  {
    author: 10,
    content: 'Graduation day! Four years of hard work. Thank you to everyone who believed in me 🎓',
    photos: [
      ['#065f46', '#a7f3d0'],
      ['#14532d', '#bbf7d0'],
    ],
  },
  { author: 4, content: 'Rainy season playlist: Asa, Burna, Tems. What would you add?' },
  { author: 0, content: 'Weekend hike at Olumo Rock. The view from the top is worth every step.', photos: [['#166534', '#d9f99d']] },
];

export const comments = [
  'This is beautiful 😍',
  'I am coming! Save me a plate.',
  'Congratulations, well deserved!',
  'Where is this exactly?',
  'Omo, this one sweet me.',
  'Count me in next time.',
  'Proud of you! 👏🏾',
  'The colours are amazing.',
  'Haha, Lagos will always be Lagos.',
  'Send me the location please.',
];
