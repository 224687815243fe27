/**
 * The demo catalogue: printed books of the four demo types, for kids, adults and all ages, with
 * realistic British names and descriptions. Ids are shaped like print-catalogue (BookVault) ids.
 * `pages` is how many images each book gets (front cover, back cover, then interior pages).
 */
import type { ProductAge } from '@shared/constants';

export type DemoType = 'Activity' | 'Puzzle' | 'Colouring' | 'Journal';

export interface DemoBook {
  id: string;
  name: string;
  type: DemoType;
  age: ProductAge;
  pricePence: number;
  description: string;
  /** 2 to 6 images: front, back, interior pages. */
  pages: number;
}

export const DEMO_BOOKS: readonly DemoBook[] = [
  // Activity
  {
    id: 'BV-1001',
    name: 'The Rainy Day Activity Book',
    type: 'Activity',
    age: 'Kids',
    pricePence: 599,
    pages: 4,
    description:
      'Sixty things to make, draw and solve when the weather keeps everyone indoors: paper boats, shadow puppets, spot-the-difference, mazes and a rainy-day bingo card. Perfect for ages 5 to 9, with answers at the back for grown-ups who get stuck.',
  },
  {
    id: 'BV-1002',
    name: 'Seaside Spotters: A Coastal Activity Book',
    type: 'Activity',
    age: 'Kids',
    pricePence: 649,
    pages: 3,
    description:
      'Rock pools, lighthouses and fish and chips. Tick off what you spot on the beach, follow the crab through the maze and design your own sandcastle. Sized to fit a beach bag.',
  },
  {
    id: 'BV-1003',
    name: 'Brain Games for Grown-Ups',
    type: 'Activity',
    age: 'Adults',
    pricePence: 899,
    pages: 5,
    description:
      'A hundred quick workouts for the mind: number chains, memory grids, word ladders and lateral-thinking riddles, arranged from gentle to fiendish. Ideal with the morning cuppa; full solutions and hints are included so nobody has to give up.',
  },
  {
    id: 'BV-1004',
    name: 'The Great British Road Trip Activity Book',
    type: 'Activity',
    age: '',
    pricePence: 749,
    pages: 4,
    description:
      "Car bingo, number-plate games, service-station scavenger hunts and a map of Britain to colour in as you go, from Land's End to John o' Groats. Fun for the whole car, drivers excepted.",
  },
  {
    id: 'BV-1005',
    name: 'Dinosaur Dig: Dot-to-Dot and Mazes',
    type: 'Activity',
    age: 'Kids',
    pricePence: 499,
    pages: 3,
    description:
      'Join the dots to uncover a stegosaurus, help the baby T. rex find its mum, and count the fossils. For young palaeontologists aged 4 and up.',
  },
  {
    id: 'BV-1006',
    name: 'Kitchen Table Crafts',
    type: 'Activity',
    age: '',
    pricePence: 999,
    pages: 6,
    description:
      'Thirty simple makes from things you already have at home: salt-dough decorations, pressed-flower bookmarks, jam-jar lanterns and cardboard castles. Each project has a shopping-free materials list, clear step-by-step pictures and a note on how long it takes, so you can pick one that fits a wet afternoon.',
  },
  {
    id: 'BV-1007',
    name: 'Nature Detectives: A Woodland Activity Book',
    type: 'Activity',
    age: 'Kids',
    pricePence: 699,
    pages: 2,
    description:
      'Bark rubbings, leaf hunts, animal tracks and a tree-spotting chart for walks in the woods. Pocket-sized, with a page for pressing your best finds.',
  },
  // Puzzle
  {
    id: 'BV-1101',
    name: 'Sunday Crosswords: Volume One',
    type: 'Puzzle',
    age: 'Adults',
    pricePence: 799,
    pages: 4,
    description:
      'Eighty quick and cryptic crosswords in the classic British style, set by a team of newspaper compilers. Generous grids, a comfortable typeface and solutions at the back. The perfect companion to a slow Sunday morning.',
  },
  {
    id: 'BV-1102',
    name: 'Sudoku for the Commute',
    type: 'Puzzle',
    age: 'Adults',
    pricePence: 449,
    pages: 3,
    description:
      '200 sudoku puzzles in four levels, printed one to a page in a slim paperback that slips into a coat pocket.',
  },
  {
    id: 'BV-1103',
    name: 'Large Print Word Search: Cosy Classics',
    type: 'Puzzle',
    age: 'Adults',
    pricePence: 699,
    pages: 3,
    description:
      'One hundred themed word searches in clear large print, from afternoon tea and village fêtes to seaside towns and classic films. Easy on the eyes, with spiral binding that lies flat on the table.',
  },
  {
    id: 'BV-1104',
    name: 'Mystery at Marchbank Manor: A Logic Puzzle Book',
    type: 'Puzzle',
    age: '',
    pricePence: 1199,
    pages: 6,
    description:
      "A storm has cut off Marchbank Manor, the lights have failed during dinner, and by the time the candles are lit Lady Marchbank's emerald brooch has vanished from the drawing room. Nine guests, one butler, one very nervous under-gardener, and every one of them with something to hide. " +
      'You are the detective. Each chapter of this illustrated puzzle book is a scene from that long night at the manor: the seating plan at dinner, the train timetable from the village station, the muddy footprints on the terrace, the half-burnt letter in the library grate. ' +
      'To move on you must solve the puzzle hidden in each scene, from logic grids and cipher wheels to floor plans, timelines and a devilish game of bridge, and each answer gives you a clue that rules a suspect in or out. ' +
      'Forty puzzles in all, rising gently in difficulty, with a hint page for every one and a sealed solution section at the back so you can check a single answer without spoiling the ending. ' +
      'Play alone over a rainy weekend or as a family round the kitchen table: the puzzles need nothing but a pencil, and a fold-out map of the house and grounds is printed on the inside covers. Suitable for confident readers of about ten and up, and for every grown-up who has ever shouted at the television during a whodunnit.',
  },
  {
    id: 'BV-1105',
    name: 'My First Word Search',
    type: 'Puzzle',
    age: 'Kids',
    pricePence: 399,
    pages: 2,
    description:
      'Fifty friendly word searches with pictures for early readers: animals, colours, food and things that go. Big letters and short words.',
  },
  {
    id: 'BV-1106',
    name: 'Cryptic Crossword Masterclass',
    type: 'Puzzle',
    age: 'Adults',
    pricePence: 1499,
    pages: 5,
    description:
      'Learn to crack the cryptic clue. Twelve chapters explain anagrams, hidden words, charades, homophones and double definitions, each followed by practice clues and a full crossword. Ends with twenty prize-standard puzzles and annotated solutions explaining every answer.',
  },
  {
    id: 'BV-1107',
    name: 'Puzzle Pirates of Penzance',
    type: 'Puzzle',
    age: 'Kids',
    pricePence: 549,
    pages: 4,
    description:
      "Help Captain Kernow find the lost treasure of Mount's Bay by solving codes, mazes, number puzzles and treasure maps. Answers hidden in the ship's log at the back.",
  },
  // Colouring
  {
    id: 'BV-1201',
    name: 'Cottage Gardens: A Mindful Colouring Book',
    type: 'Colouring',
    age: 'Adults',
    pricePence: 849,
    pages: 5,
    description:
      'Hollyhocks by the garden gate, foxgloves, sweet peas and a cat asleep on a sunny wall. Forty detailed illustrations printed on one side of thick, bright white paper so your pencils and pens never bleed through.',
  },
  {
    id: 'BV-1202',
    name: 'Under the Sea Colouring for Little Hands',
    type: 'Colouring',
    age: 'Kids',
    pricePence: 449,
    pages: 3,
    description:
      'Bold, simple outlines of friendly fish, octopuses, seahorses and whales, with thick lines that are easy for crayons. For ages 2 to 5.',
  },
  {
    id: 'BV-1203',
    name: 'Mandalas of the Moors',
    type: 'Colouring',
    age: 'Adults',
    pricePence: 949,
    pages: 6,
    description:
      'Fifty intricate mandalas inspired by heather, gorse, dry-stone walls and curlews of the Yorkshire and Devon moors. Single-sided pages on heavyweight paper, perforated so you can frame your favourites.',
  },
  {
    id: 'BV-1204',
    name: 'London Landmarks Colouring Book',
    type: 'Colouring',
    age: '',
    pricePence: 799,
    pages: 4,
    description:
      'Big Ben, Tower Bridge, red buses and the Kew Gardens palm house, drawn in clean lines for every age to colour.',
  },
  {
    id: 'BV-1205',
    name: 'Woodland Creatures Colouring Book',
    type: 'Colouring',
    age: 'Kids',
    pricePence: 599,
    pages: 3,
    description:
      'Badgers, hedgehogs, owls and foxes in their forest homes, with a fact about each animal to read while you colour.',
  },
  {
    id: 'BV-1206',
    name: 'Art Nouveau Patterns to Colour',
    type: 'Colouring',
    age: 'Adults',
    pricePence: 1299,
    pages: 4,
    description:
      'Flowing lilies, peacocks and stained-glass borders after the great designers of the 1890s. Thirty-six plates with notes on the original works, printed on acid-free cartridge paper suitable for pencils, fine liners and light watercolour.',
  },
  // Journal
  {
    id: 'BV-1301',
    name: 'The Five-Minute Gratitude Journal',
    type: 'Journal',
    age: 'Adults',
    pricePence: 1099,
    pages: 4,
    description:
      'Three good things, one kind act and a thought for tomorrow: a page a day for six months, with a gentle prompt at the top of each page and a monthly look back. Lay-flat binding and a ribbon marker.',
  },
  {
    id: 'BV-1302',
    name: 'My Holiday Diary',
    type: 'Journal',
    age: 'Kids',
    pricePence: 499,
    pages: 3,
    description:
      'Write, draw and stick in the best bits of the summer holidays: a page for every day, a packing list, a weather chart and pockets for tickets.',
  },
  {
    id: 'BV-1303',
    name: "The Gardener's Year: A Planting Journal",
    type: 'Journal',
    age: '',
    pricePence: 1349,
    pages: 6,
    description:
      'A month-by-month planner for the British garden: what to sow, plant and prune, with space to record frosts, harvests and successes, seed packet pockets and squared pages for planning beds. Hardback with a wipe-clean cover for the potting shed.',
  },
  {
    id: 'BV-1304',
    name: 'Bullet Journal: Dotted Notebook',
    type: 'Journal',
    age: '',
    pricePence: 649,
    pages: 2,
    description:
      '160 numbered pages of 5 mm dot grid on 120 gsm paper, with an index, a key page and two ribbon markers.',
  },
  {
    id: 'BV-1305',
    name: 'Reading Journal: Books I Have Loved',
    type: 'Journal',
    age: 'Adults',
    pricePence: 999,
    pages: 3,
    description:
      'Keep track of every book you read: a page for each with space for favourite quotes, ratings and who recommended it, plus a to-be-read list, a book club log and a lending record so your books come home.',
  },
  {
    id: 'BV-1306',
    name: 'The Wild Swimming Log Book',
    type: 'Journal',
    age: 'Adults',
    pricePence: 1149,
    pages: 4,
    description:
      'Record every dip: the place, water temperature, weather and how it felt. With safety notes and a map of favourite swims from Cornwall to the Cairngorms.',
  },
  {
    id: 'BV-1307',
    name: 'Dream Big: A Journal for Young Writers',
    type: 'Journal',
    age: 'Kids',
    pricePence: 749,
    pages: 5,
    description:
      'Story starters, character builders and comic strips to finish, for writers aged 7 to 11. Each page gives a prompt and plenty of room to imagine, and there is a certificate at the end for finishing your first book.',
  },
];
